import Foundation

/// The isolation a closure was formed in and the call that handed it to Streams: checked each time
/// Streams calls the closure.
///
/// Operators take `isolation: (any Actor)? = #isolation`: the caller's isolation, which is the
/// isolation Swift gives a non-`@Sendable` closure formed there. A closure formed outside any actor
/// (`isolation` is `nil`) is returned unwrapped and costs nothing per call; the others are wrapped
/// in a check:
/// - the main actor is checked on every call, in every build: the main thread or the main queue's
///   work (``MainScheduler``'s test: on Linux the main queue may be serviced by another thread);
/// - another actor has no public yes-or-no check, so its closures are checked with
///   `preconditionIsolated` in debug builds, and not in release builds.
@usableFromInline
struct IsolationCheck: Sendable {
  let operatorName: StaticString
  let isolation: any Actor
  let file: StaticString
  let line: UInt

  @usableFromInline
  init(_ operatorName: StaticString, _ isolation: any Actor, _ file: StaticString, _ line: UInt) {
    self.operatorName = operatorName
    self.isolation = isolation
    self.file = file
    self.line = line
  }

  /// Reports a call off the closure's isolation to ``Hooks/isolationViolation``.
  @usableFromInline
  func verify() {
    if isolation === MainActor.shared {
      if MainScheduler.isOnMain { return }
      Hooks.isolationViolation(violation(isolationName: "MainActor"))
      return
    }
    #if DEBUG
      isolation.preconditionIsolated(
        "Streams: \(violation(isolationName: "\(type(of: isolation))").description)", file: file, line: line)
    #endif
  }

  private func violation(isolationName: String) -> IsolationViolation {
    IsolationViolation(
      operatorName: "\(operatorName)", isolation: isolationName, file: file, line: line)
  }
}

// MARK: - Wrapping a closure in its check

/// Closures of the shapes operators take, returned as they are when `isolation` is `nil`, else
/// wrapped so that each call first runs ``IsolationCheck/verify()``.
///
/// Every closure-taking public API passes its closures through here with its own name and its
/// `isolation`, `file` and `line` parameters, only when `isolation` is not `nil`:
/// `isolation == nil ? transform : Isolation.guarded(transform, "map", isolation, file, line)`.
/// The test at the call matters: passing a closure of concrete types through these generic
/// parameters wraps it in reabstraction thunks, two more allocations per subscription and two
/// more calls per event, even when it comes back unchanged.
@usableFromInline
enum Isolation {
  @inlinable
  static func guarded<R>(
    _ body: @escaping () -> R, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
  ) -> () -> R {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return {
      check.verify()
      return body()
    }
  }

  @inlinable
  static func guarded<R>(
    _ body: (() -> R)?, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
  ) -> (() -> R)? {
    guard let body else { return nil }
    return guarded(body, name, isolation, file, line) as () -> R
  }

  @inlinable
  static func guarded<R>(
    _ body: @escaping () throws -> R, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString,
    _ line: UInt
  ) -> () throws -> R {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return {
      check.verify()
      return try body()
    }
  }

  @inlinable
  static func guarded<R>(
    _ body: (() throws -> R)?, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
  ) -> (() throws -> R)? {
    guard let body else { return nil }
    return guarded(body, name, isolation, file, line) as () throws -> R
  }

  @inlinable
  static func guarded<A, R>(
    _ body: @escaping (A) -> R, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
  ) -> (A) -> R {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return { a in
      check.verify()
      return body(a)
    }
  }

  @inlinable
  static func guarded<A, R>(
    _ body: ((A) -> R)?, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
  ) -> ((A) -> R)? {
    guard let body else { return nil }
    return guarded(body, name, isolation, file, line) as (A) -> R
  }

  @inlinable
  static func guarded<A, R>(
    _ body: @escaping (A) throws -> R, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString,
    _ line: UInt
  ) -> (A) throws -> R {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return { a in
      check.verify()
      return try body(a)
    }
  }

  @inlinable
  static func guarded<A, R>(
    _ body: ((A) throws -> R)?, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
  ) -> ((A) throws -> R)? {
    guard let body else { return nil }
    return guarded(body, name, isolation, file, line) as (A) throws -> R
  }

  @inlinable
  static func guarded<A, B, R>(
    _ body: @escaping (A, B) -> R, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString, _ line: UInt
  ) -> (A, B) -> R {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return { a, b in
      check.verify()
      return body(a, b)
    }
  }

  @inlinable
  static func guarded<A, B, R>(
    _ body: @escaping (A, B) throws -> R, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString,
    _ line: UInt
  ) -> (A, B) throws -> R {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return { a, b in
      check.verify()
      return try body(a, b)
    }
  }

  @inlinable
  static func guarded<A, B, C, R>(
    _ body: @escaping (A, B, C) throws -> R, _ name: StaticString, _ isolation: (any Actor)?, _ file: StaticString,
    _ line: UInt
  ) -> (A, B, C) throws -> R {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return { a, b, c in
      check.verify()
      return try body(a, b, c)
    }
  }

  @inlinable
  static func guarded<A, B>(
    _ body: @escaping (inout A, B) throws -> Void, _ name: StaticString, _ isolation: (any Actor)?,
    _ file: StaticString, _ line: UInt
  ) -> (inout A, B) throws -> Void {
    guard let isolation else { return body }
    let check = IsolationCheck(name, isolation, file, line)
    return { a, b in
      check.verify()
      try body(&a, b)
    }
  }
}
