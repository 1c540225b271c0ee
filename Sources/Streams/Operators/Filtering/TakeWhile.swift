/// Whether ``ObservableType/take(while:behavior:)`` also sends the element that ended it.
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
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func take(
    while predicate: @escaping @isolated(any) (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  )
    -> Observable<Element>
  {
    ElementOperator(
      source: asObservable(),
      stage: TakeWhile(
        predicate: Isolation.checked(predicate, "take(while:)"),
        behavior: behavior))
  }

  /// Sends elements until `predicate` holds for one, then completes.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func take(
    until predicate: @escaping @isolated(any) (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  )
    -> Observable<Element>
  {
    let predicate = Isolation.checked(predicate, "take(until:)")
    return take(while: { try !predicate($0) }, behavior: behavior)
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
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func skip(
    while predicate: @escaping @isolated(any) (Element) throws -> Bool
  ) -> Observable<Element> {
    ElementOperator(
      source: asObservable(),
      stage: SkipWhile(
        predicate: Isolation.checked(predicate, "skip(while:)")))
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
