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
    ElementOperator(
      source: asObservable(),
      stage: TakeWhile(
        predicate: isolation == nil ? predicate : Isolation.guarded(predicate, "take(while:)", isolation, file, line),
        behavior: behavior))
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
    ElementOperator(
      source: asObservable(),
      stage: SkipWhile(
        predicate: isolation == nil ? predicate : Isolation.guarded(predicate, "skip(while:)", isolation, file, line)))
  }
}

/// `take(while:)`'s stage. Its state is whether it is still taking, cleared before the last element
/// is sent, so that an element sent back re-entrantly then is dropped.
struct TakeWhile<Element>: ElementStage {
  /// The closure `take(while:)` was given.
  let predicate: (Element) throws -> Bool
  /// Whether the element that failed `predicate` is sent too.
  let behavior: TakeBehavior

  func makeState() -> Bool { true }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    guard sink.state, let holds = sink.check({ try sink.stage.predicate(element) }) else { return }
    sink.state = holds
    if holds || sink.stage.behavior == .inclusive { sink.forwardNext(element) }
    if !holds { sink.on(.completed) }
  }
}

/// `skip(while:)`'s stage. Its state is whether it is still skipping: once an element failed
/// `predicate`, `predicate` is not called again.
struct SkipWhile<Element>: ElementStage {
  /// The closure `skip(while:)` was given.
  let predicate: (Element) throws -> Bool

  func makeState() -> Bool { true }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    if sink.state {
      guard let skips = sink.check({ try sink.stage.predicate(element) }) else { return }
      sink.state = skips
      if skips { return }
    }
    sink.forwardNext(element)
  }
}
