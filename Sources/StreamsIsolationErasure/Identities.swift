// Identity functions over plain closures, one per closure shape Streams stores. Streams declares
// each under the same symbol with an `@isolated(any)` parameter (`Isolation.plain` in
// Isolation+Checked.swift) and calls it to read a closure as its plain type, a conversion that
// Swift allows with a warning only: the two types have one representation, and passing it through
// a function compiled in another module keeps the closure's own lowering, where a generic cast
// would reabstract it (two more calls per element) and need run-time metadata for
// `@isolated(any)` types that Apple platforms have only since iOS 18 and macOS 15. A module of its
// own, so that the two declarations of a symbol never meet in one module.

@_silgen_name("streams_isolation_arity0")
package func identity<R>(_ body: @escaping () -> R) -> () -> R { body }

@_silgen_name("streams_isolation_arity1")
package func identity<A, R>(_ body: @escaping (A) -> R) -> (A) -> R { body }

@_silgen_name("streams_isolation_arity2")
package func identity<A, B, R>(_ body: @escaping (A, B) -> R) -> (A, B) -> R { body }

@_silgen_name("streams_isolation_throwing_arity0")
package func identity<R>(_ body: @escaping () throws -> R) -> () throws -> R { body }

@_silgen_name("streams_isolation_throwing_arity1")
package func identity<A, R>(_ body: @escaping (A) throws -> R) -> (A) throws -> R { body }

@_silgen_name("streams_isolation_throwing_arity2")
package func identity<A, B, R>(_ body: @escaping (A, B) throws -> R) -> (A, B) throws -> R { body }

@_silgen_name("streams_isolation_throwing_arity3")
package func identity<A, B, C, R>(_ body: @escaping (A, B, C) throws -> R) -> (A, B, C) throws -> R { body }

@_silgen_name("streams_isolation_throwing_arity4")
package func identity<A, B, C, D, R>(_ body: @escaping (A, B, C, D) throws -> R) -> (A, B, C, D) throws -> R { body }

@_silgen_name("streams_isolation_throwing_arity5")
package func identity<A, B, C, D, E, R>(_ body: @escaping (A, B, C, D, E) throws -> R) -> (A, B, C, D, E) throws -> R {
  body
}

@_silgen_name("streams_isolation_throwing_arity6")
package func identity<A, B, C, D, E, F, R>(_ body: @escaping (A, B, C, D, E, F) throws -> R) -> (A, B, C, D, E, F)
  throws -> R
{ body }

@_silgen_name("streams_isolation_throwing_arity7")
package func identity<A, B, C, D, E, F, G, R>(_ body: @escaping (A, B, C, D, E, F, G) throws -> R) -> (
  A, B, C, D, E, F, G
) throws -> R { body }

@_silgen_name("streams_isolation_throwing_arity8")
package func identity<A, B, C, D, E, F, G, H, R>(_ body: @escaping (A, B, C, D, E, F, G, H) throws -> R) -> (
  A, B, C, D, E, F, G, H
) throws -> R { body }

@_silgen_name("streams_isolation_throwing_inout")
package func identity<A, B>(_ body: @escaping (inout A, B) throws -> Void) -> (inout A, B) throws -> Void { body }

@_silgen_name("streams_isolation_effect")
package func identity<A>(_ body: @escaping (A) -> Void) -> (A) -> Void { body }

@_silgen_name("streams_isolation_throwing_effect")
package func identity<A>(_ body: @escaping (A) throws -> Void) -> (A) throws -> Void { body }

@_silgen_name("streams_isolation_predicate")
package func identity<A>(_ body: @escaping (A) throws -> Bool) -> (A) throws -> Bool { body }

@_silgen_name("streams_isolation_comparer")
package func identity<A>(_ body: @escaping (A, A) throws -> Bool) -> (A, A) throws -> Bool { body }
