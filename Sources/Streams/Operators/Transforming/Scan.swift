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
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  // Inlinable, so that the closure adapting `accumulator` to `scan(into:accumulator:)`'s form is
  // compiled with the caller's types: in unspecialized code, its copy of the running value and its
  // assignment are value-witness calls per element.
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping @isolated(any) (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    let accumulator = Isolation.checked(accumulator, "scan")
    return scan(
      into: seed, accumulator: { accumulate, element in accumulate = try accumulator(accumulate, element) })
  }

  /// Like `scan(_:accumulator:)`, but the accumulator mutates the running value in place.
  ///
  /// An element that `accumulator` sends synchronously into this operator's own source is dropped
  /// and reported to ``Hooks/diagnostic`` as ``Diagnostic/eventDuringOperatorStep`` (the Rx grammar
  /// forbids it, and it would overlap the access to the running value).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping @isolated(any) (inout Accumulate, Element) throws -> Void
  ) -> Observable<Accumulate> {
    ElementOperator(
      source: asObservable(),
      stage: Scan(
        seed: seed,
        accumulator: Isolation.checked(accumulator, "scan")))
  }
}

/// `scan`'s stage. Its state is the running value, updated in place and before it is sent, so that
/// a subscriber that re-enters finds it updated. `Accumulate` is a type parameter of its own:
/// generic code finds its metadata in the stage's, where `Observer.Element` would cost an
/// associated-type lookup per element.
struct Scan<Element, Accumulate>: ElementStage {
  /// `scan` sends the running value.
  typealias Result = Accumulate

  /// The running value's first value.
  let seed: Accumulate
  /// The closure that folds an element into the running value.
  let accumulator: (inout Accumulate, Element) throws -> Void

  func makeState() -> Accumulate { seed }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    do {
      guard try sink.updateState({ try sink.stage.accumulator(&$0, element) }) else { return }
    } catch {
      sink.forwardErrorAndDispose(error)
      return
    }
    sink.forwardNext(sink.state)
  }
}
