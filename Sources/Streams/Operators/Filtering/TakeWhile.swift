/// Whether ``ObservableType/take(while:behavior:)`` also sends the element that ended it.
public enum TakeBehavior: Sendable {
  /// Also send the first element for which the predicate fails.
  case inclusive
  /// Stop before the first element for which the predicate fails.
  case exclusive
}

extension ObservableType {
  /// Sends elements while `predicate` holds, then completes.
  ///
  /// ```
  /// --1--2--5--1--|   take(while: { $0 < 3 })
  /// --1--2--|
  /// ```
  public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
    -> Observable<Element>
  {
    step(()) { _, event, downstream in
      switch event {
      case .next(let element):
        if try predicate(element) {
          downstream.next(element)
        } else {
          if behavior == .inclusive { downstream.next(element) }
          downstream.completed()
        }
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }

  /// Sends elements until `predicate` holds for one, then completes.
  public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
    -> Observable<Element>
  {
    take(while: { try !predicate($0) }, behavior: behavior)
  }

  /// Drops elements while `predicate` holds, then sends the rest.
  ///
  /// ```
  /// --1--2--5--1--|   skip(while: { $0 < 3 })
  /// --------5--1--|
  /// ```
  public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    step(true) { skipping, event, downstream in
      switch event {
      case .next(let element):
        if skipping { skipping = try predicate(element) }
        if !skipping { downstream.next(element) }
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }
}
