extension IsolationCheck {
  /// The check for a closure formed in `isolation`, or `nil` for one formed outside any actor: for
  /// the closure shapes that `Isolation.guarded` has no overload for (four or more arguments,
  /// `inout`), which the caller wraps itself.
  static func ifIsolated(_ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt)
    -> IsolationCheck?
  {
    isolation.map { IsolationCheck(name, $0, file, line) }
  }

  /// `body`, or, when `isolation` is not `nil`, `body` after ``verify()``: `Isolation.guarded` for
  /// an accumulator that mutates its first argument in place.
  static func guardedInout<A, B>(
    _ body: @escaping (inout A, B) -> Void, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString,
    _ line: UInt
  ) -> (inout A, B) -> Void {
    guard let check = ifIsolated(name, isolation, file, line) else { return body }
    return { a, b in
      check.verify()
      body(&a, b)
    }
  }
}
