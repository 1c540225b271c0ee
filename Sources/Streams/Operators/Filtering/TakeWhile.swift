/// Whether ``ObservableType/take(while:behavior:isolation:file:line:)`` also sends the element that ended it.
public enum TakeBehavior: Sendable {
  /// Also send the first element for which the predicate fails.
  case inclusive
  /// Stop before the first element for which the predicate fails.
  case exclusive
}

extension ObservableType {
  /// Sends elements while `predicate` holds, then completes and disposes upstream.
  ///
  /// With `.inclusive`, the element that failed `predicate` is sent before the completion. An error
  /// thrown by `predicate` ends the sequence with it and disposes upstream in the same tick. Once an
  /// element fails `predicate`, nothing more is taken, not even an element a subscriber sends back
  /// re-entrantly while the inclusive element is being delivered.
  ///
  /// ```
  /// --1--2--5--1--|   take(while: { $0 < 3 })
  /// --1--2--|
  /// ```
  public func take(
    while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  )
    -> Observable<Element>
  {
    TakeWhile(
      source: asObservable(),
      predicate: (isolation == nil ? predicate : Isolation.guarded(predicate, "take(while:)", isolation, file, line)),
      behavior: behavior)
  }

  /// Sends elements until `predicate` holds for one, then completes.
  public func take(
    until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  )
    -> Observable<Element>
  {
    take(while: { try !predicate($0) }, behavior: behavior, isolation: isolation, file: file, line: line)
  }

  /// Drops elements while `predicate` holds, then sends the rest.
  ///
  /// `predicate` is not called again once an element failed it. An error it throws ends the
  /// sequence with that error and disposes upstream in the same tick.
  ///
  /// ```
  /// --1--2--5--1--|   skip(while: { $0 < 3 })
  /// --------5--1--|
  /// ```
  public func skip(
    while predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Observable<Element> {
    SkipWhile(
      source: asObservable(),
      predicate: (isolation == nil ? predicate : Isolation.guarded(predicate, "skip(while:)", isolation, file, line)))
  }
}

final class TakeWhile<Element>: ElementOperator<Element, Element>, @unchecked Sendable {
  private let predicate: (Element) throws -> Bool
  private let behavior: TakeBehavior

  init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior) {
    self.predicate = predicate
    self.behavior = behavior
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Element, Observer> where Observer.Element == Element
  {
    TakeWhileSink(predicate: predicate, behavior: behavior, observer: observer, cancel: cancel)
  }
}

final class TakeWhileSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
  private let predicate: (Observer.Element) throws -> Bool
  private let behavior: TakeBehavior
  // Touched only by `onNext`, whose calls the Rx grammar serializes. Cleared before the last
  // element is sent, so an element sent back re-entrantly then is dropped.
  private var running = true

  init(
    predicate: @escaping (Observer.Element) throws -> Bool, behavior: TakeBehavior, observer: Observer,
    cancel: Cancelable
  ) {
    self.predicate = predicate
    self.behavior = behavior
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Observer.Element) {
    guard running else { return }
    do {
      running = try predicate(element)
    } catch {
      forwardErrorAndDispose(error)
      return
    }
    if running {
      forwardNext(element)
      return
    }
    if behavior == .inclusive { forwardNext(element) }
    onTerminal(.completed)
  }
}

final class SkipWhile<Element>: ElementOperator<Element, Element>, @unchecked Sendable {
  private let predicate: (Element) throws -> Bool

  init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
    self.predicate = predicate
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Element, Observer> where Observer.Element == Element
  {
    SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel)
  }
}

final class SkipWhileSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
  private let predicate: (Observer.Element) throws -> Bool
  // Touched only by `onNext`, whose calls the Rx grammar serializes.
  private var skipping = true

  init(predicate: @escaping (Observer.Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
    self.predicate = predicate
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Observer.Element) {
    if skipping {
      do {
        skipping = try predicate(element)
      } catch {
        forwardErrorAndDispose(error)
        return
      }
      if skipping { return }
    }
    forwardNext(element)
  }
}
