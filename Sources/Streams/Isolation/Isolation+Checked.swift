/// Closures of the shapes Streams stores, turned from `@isolated(any)` closures into plain ones
/// that Streams calls synchronously, where the events are delivered.
///
/// Every closure-taking public API takes `@isolated(any)` closures and passes each through
/// `Isolation.checked(_:_:)` with its own name: the one place that decides whether a call is checked.
/// A closure whose `isolation` is `nil` (a `@Sendable` closure, a `nonisolated` function, a closure
/// formed outside any actor) comes back unwrapped, with no check per call; any other comes
/// back wrapped in a call to ``IsolationCheck/verify()`` first.
///
/// Swift calls an `@isolated(any)` function only with `await`, and converting one to a plain
/// synchronous type is a warning today ("will be an error in a future Swift language mode").
/// Streams calls the closure only after checking (or knowing) that it runs in the closure's
/// isolation, which is what makes such a call sound, and reinterprets it as its plain type: the
/// two have one representation (the isolation lives in the closure's context; Swift's own
/// conversion between them is a no-op `convert_function`). It does so without changing how the
/// closure is lowered, which a generic function in between would (reabstraction thunks: two more
/// calls per element):
/// - `unsafeBitCast`, for the shapes generic over every parameter and the result, whose lowering
///   is the generic one anyway; it is transparent, so it specializes with the caller's types. It
///   needs run-time metadata for `@isolated(any)` types, which Apple platforms have since iOS 18
///   and macOS 15 (always elsewhere).
/// - `plainClosure`, an identity function of the StreamsIsolationErasure module declared here under
///   its symbol with the `@isolated(any)` parameter, one per shape in the lowering its callers use:
///   for the shapes with a result of a concrete type (`Void`, `Bool`: `subscribe(onNext:)`,
///   `filter`), and for the others on older Apple systems.
@usableFromInline
package enum Isolation {
  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<R>(_ body: @escaping @isolated(any) () -> R, _ name: StaticString) -> () -> R {
    let plain: () -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: (() -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return {
      check.verify()
      return plain()
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, R>(_ body: @escaping @isolated(any) (A) -> R, _ name: StaticString) -> (A) -> R {
    let plain: (A) -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A) -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a in
      check.verify()
      return plain(a)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, R>(_ body: @escaping @isolated(any) (A, B) -> R, _ name: StaticString) -> (A, B) ->
    R
  {
    let plain: (A, B) -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B) -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b in
      check.verify()
      return plain(a, b)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<R>(_ body: @escaping @isolated(any) () throws -> R, _ name: StaticString) -> () throws ->
    R
  {
    let plain: () throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: (() throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return {
      check.verify()
      return try plain()
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, R>(_ body: @escaping @isolated(any) (A) throws -> R, _ name: StaticString) -> (A)
    throws -> R
  {
    let plain: (A) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a in
      check.verify()
      return try plain(a)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, R>(_ body: @escaping @isolated(any) (A, B) throws -> R, _ name: StaticString) -> (
    A, B
  ) throws -> R {
    let plain: (A, B) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b in
      check.verify()
      return try plain(a, b)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, C, R>(_ body: @escaping @isolated(any) (A, B, C) throws -> R, _ name: StaticString)
    -> (A, B, C) throws -> R
  {
    let plain: (A, B, C) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B, C) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b, c in
      check.verify()
      return try plain(a, b, c)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, C, D, R>(
    _ body: @escaping @isolated(any) (A, B, C, D) throws -> R, _ name: StaticString
  ) -> (A, B, C, D) throws -> R {
    let plain: (A, B, C, D) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B, C, D) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b, c, d in
      check.verify()
      return try plain(a, b, c, d)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, C, D, E, R>(
    _ body: @escaping @isolated(any) (A, B, C, D, E) throws -> R, _ name: StaticString
  ) -> (A, B, C, D, E) throws -> R {
    let plain: (A, B, C, D, E) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B, C, D, E) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b, c, d, e in
      check.verify()
      return try plain(a, b, c, d, e)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, C, D, E, F, R>(
    _ body: @escaping @isolated(any) (A, B, C, D, E, F) throws -> R, _ name: StaticString
  ) -> (A, B, C, D, E, F) throws -> R {
    let plain: (A, B, C, D, E, F) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B, C, D, E, F) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b, c, d, e, f in
      check.verify()
      return try plain(a, b, c, d, e, f)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, C, D, E, F, G, R>(
    _ body: @escaping @isolated(any) (A, B, C, D, E, F, G) throws -> R, _ name: StaticString
  ) -> (A, B, C, D, E, F, G) throws -> R {
    let plain: (A, B, C, D, E, F, G) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B, C, D, E, F, G) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b, c, d, e, f, g in
      check.verify()
      return try plain(a, b, c, d, e, f, g)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, C, D, E, F, G, H, R>(
    _ body: @escaping @isolated(any) (A, B, C, D, E, F, G, H) throws -> R, _ name: StaticString
  ) -> (A, B, C, D, E, F, G, H) throws -> R {
    let plain: (A, B, C, D, E, F, G, H) throws -> R
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      // Sound: the two types share one representation, and the closure is called only where its
      // isolation holds (checked below when it has one): see the type\'s description.
      plain = unsafeBitCast(body, to: ((A, B, C, D, E, F, G, H) throws -> R).self)
    } else {
      plain = plainClosure(body)
    }
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b, c, d, e, f, g, h in
      check.verify()
      return try plain(a, b, c, d, e, f, g, h)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B>(_ body: @escaping @isolated(any) (inout A, B) throws -> Void, _ name: StaticString)
    -> (inout A, B) throws -> Void
  {
    let plain = plainClosure(body)
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b in
      check.verify()
      try plain(&a, b)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A>(_ body: @escaping @isolated(any) (A) -> Void, _ name: StaticString) -> (A) -> Void {
    let plain = plainClosure(body)
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a in
      check.verify()
      plain(a)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A>(_ body: @escaping @isolated(any) (A) throws -> Void, _ name: StaticString) -> (A)
    throws -> Void
  {
    let plain = plainClosure(body)
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a in
      check.verify()
      try plain(a)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A>(_ body: @escaping @isolated(any) (A) throws -> Bool, _ name: StaticString) -> (A)
    throws -> Bool
  {
    let plain = plainClosure(body)
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a in
      check.verify()
      return try plain(a)
    }
  }

  /// `body` as a plain closure; see the type's description.
  @inlinable
  package static func checked<A>(_ body: @escaping @isolated(any) (A, A) throws -> Bool, _ name: StaticString) -> (A, A)
    throws -> Bool
  {
    let plain = plainClosure(body)
    guard let isolation = body.isolation else { return plain }
    let check = IsolationCheck(name, isolation, type(of: plain))
    return { a, b in
      check.verify()
      return try plain(a, b)
    }
  }

  /// `body`, if any, as a plain closure; see the type's description.
  @inlinable
  package static func checked<R>(_ body: (@isolated(any) () -> R)?, _ name: StaticString) -> (() -> R)? {
    guard let body else { return nil }
    return checked(body, name) as () -> R
  }

  /// `body`, if any, as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, R>(_ body: (@isolated(any) (A) -> R)?, _ name: StaticString) -> ((A) -> R)? {
    guard let body else { return nil }
    return checked(body, name) as (A) -> R
  }

  /// `body`, if any, as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, B, R>(_ body: (@isolated(any) (A, B) -> R)?, _ name: StaticString) -> ((A, B) -> R)? {
    guard let body else { return nil }
    return checked(body, name) as (A, B) -> R
  }

  /// `body`, if any, as a plain closure; see the type's description.
  @inlinable
  package static func checked<R>(_ body: (@isolated(any) () throws -> R)?, _ name: StaticString) -> (() throws -> R)? {
    guard let body else { return nil }
    return checked(body, name) as () throws -> R
  }

  /// `body`, if any, as a plain closure; see the type's description.
  @inlinable
  package static func checked<A, R>(_ body: (@isolated(any) (A) throws -> R)?, _ name: StaticString) -> (
    (A) throws -> R
  )? {
    guard let body else { return nil }
    return checked(body, name) as (A) throws -> R
  }

  /// `body`, if any, as a plain closure; see the type's description.
  @inlinable
  package static func checked<A>(_ body: (@isolated(any) (A) -> Void)?, _ name: StaticString) -> ((A) -> Void)? {
    guard let body else { return nil }
    return checked(body, name) as (A) -> Void
  }

  /// `body`, if any, as a plain closure; see the type's description.
  @inlinable
  package static func checked<A>(_ body: (@isolated(any) (A) throws -> Void)?, _ name: StaticString) -> (
    (A) throws -> Void
  )? {
    guard let body else { return nil }
    return checked(body, name) as (A) throws -> Void
  }
}

// MARK: - The identity functions of StreamsIsolationErasure, under their symbols
//
// Each declaration must match its identity function's signature but for `@isolated(any)`, which
// does not change how a closure is passed: the suite exercises every shape in debug builds, and
// CI's benchmark smoke run (release, each row's sum checked) caught a mismatched lowering before.

@usableFromInline @_silgen_name("streams_isolation_arity0")
func plainClosure<R>(_ body: @escaping @isolated(any) () -> R) -> () -> R

@usableFromInline @_silgen_name("streams_isolation_arity1")
func plainClosure<A, R>(_ body: @escaping @isolated(any) (A) -> R) -> (A) -> R

@usableFromInline @_silgen_name("streams_isolation_arity2")
func plainClosure<A, B, R>(_ body: @escaping @isolated(any) (A, B) -> R) -> (A, B) -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity0")
func plainClosure<R>(_ body: @escaping @isolated(any) () throws -> R) -> () throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity1")
func plainClosure<A, R>(_ body: @escaping @isolated(any) (A) throws -> R) -> (A) throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity2")
func plainClosure<A, B, R>(_ body: @escaping @isolated(any) (A, B) throws -> R) -> (A, B) throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity3")
func plainClosure<A, B, C, R>(_ body: @escaping @isolated(any) (A, B, C) throws -> R) -> (A, B, C) throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity4")
func plainClosure<A, B, C, D, R>(_ body: @escaping @isolated(any) (A, B, C, D) throws -> R) -> (A, B, C, D) throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity5")
func plainClosure<A, B, C, D, E, R>(_ body: @escaping @isolated(any) (A, B, C, D, E) throws -> R) -> (A, B, C, D, E)
  throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity6")
func plainClosure<A, B, C, D, E, F, R>(_ body: @escaping @isolated(any) (A, B, C, D, E, F) throws -> R) -> (
  A, B, C, D, E, F
) throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity7")
func plainClosure<A, B, C, D, E, F, G, R>(_ body: @escaping @isolated(any) (A, B, C, D, E, F, G) throws -> R) -> (
  A, B, C, D, E, F, G
) throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_arity8")
func plainClosure<A, B, C, D, E, F, G, H, R>(_ body: @escaping @isolated(any) (A, B, C, D, E, F, G, H) throws -> R) -> (
  A, B, C, D, E, F, G, H
) throws -> R

@usableFromInline @_silgen_name("streams_isolation_throwing_inout")
func plainClosure<A, B>(_ body: @escaping @isolated(any) (inout A, B) throws -> Void) -> (inout A, B) throws -> Void

@usableFromInline @_silgen_name("streams_isolation_effect")
func plainClosure<A>(_ body: @escaping @isolated(any) (A) -> Void) -> (A) -> Void

@usableFromInline @_silgen_name("streams_isolation_throwing_effect")
func plainClosure<A>(_ body: @escaping @isolated(any) (A) throws -> Void) -> (A) throws -> Void

@usableFromInline @_silgen_name("streams_isolation_predicate")
func plainClosure<A>(_ body: @escaping @isolated(any) (A) throws -> Bool) -> (A) throws -> Bool

@usableFromInline @_silgen_name("streams_isolation_comparer")
func plainClosure<A>(_ body: @escaping @isolated(any) (A, A) throws -> Bool) -> (A, A) throws -> Bool
