extension ObservableType {
  /// Sends each intermediate result of folding the elements into `seed` with `accumulator`.
  ///
  /// An error thrown by `accumulator` ends the sequence with that error and disposes upstream in
  /// the same tick.
  ///
  /// ```
  /// --1--2--3--|   scan(0, +)
  /// --1--3--6--|
  /// ```
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Accumulate> {
    scan(
      into: seed, accumulator: { accumulate, element in accumulate = try accumulator(accumulate, element) },
      isolation: isolation, file: file, line: line)
  }

  /// Like `scan(_:accumulator:)`, but the accumulator mutates the running value in place.
  ///
  /// An element that `accumulator` sends synchronously into this operator's own source is dropped
  /// and reported to ``Hooks/diagnostic`` as ``Diagnostic/eventDuringOperatorStep`` (the Rx grammar
  /// forbids it, and it would overlap the access to the running value).
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Accumulate> {
    Scan(
      source: asObservable(), seed: seed,
      accumulator: (isolation == nil ? accumulator : Isolation.guarded(accumulator, "scan", isolation, file, line)))
  }
}

final class Scan<Source, Accumulate>: ElementOperator<Source, Accumulate>, @unchecked Sendable {
  private let seed: Accumulate
  private let accumulator: (inout Accumulate, Source) throws -> Void

  init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void) {
    self.seed = seed
    self.accumulator = accumulator
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Source, Observer> where Observer.Element == Accumulate
  {
    ScanSink<Source, Accumulate, Observer>(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
  }
}

/// `Accumulate` is `Observer.Element` as a type parameter of its own: generic code finds its
/// metadata in the class's, where `Observer.Element` would cost an associated-type lookup per element.
final class ScanSink<Source, Accumulate, Observer: ObserverType>: ElementSink<Source, Observer>, @unchecked Sendable
where Observer.Element == Accumulate {
  private let accumulator: (inout Accumulate, Source) throws -> Void
  // Touched only by `onNext`, whose calls the Rx grammar serializes; `accumulating` turns away an
  // element the accumulator sends into the source, so the accesses never overlap. The value is
  // updated before it is sent, so a subscriber that re-enters finds it updated.
  @exclusivity(unchecked) private var accumulate: Accumulate
  private var accumulating = false

  init(
    seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void, observer: Observer,
    cancel: Cancelable
  ) {
    self.accumulate = seed
    self.accumulator = accumulator
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Source) {
    guard !accumulating else {
      Hooks.report(.eventDuringOperatorStep)
      return
    }
    accumulating = true
    do {
      try accumulator(&accumulate, element)
    } catch {
      accumulating = false
      forwardErrorAndDispose(error)
      return
    }
    accumulating = false
    forwardNext(accumulate)
  }
}
