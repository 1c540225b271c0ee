/// The continuation type the bridges suspend on.
///
/// Debug builds use `CheckedContinuation`, so that a missed or doubled resume is reported
/// ("SWIFT TASK CONTINUATION MISUSE") while testing; release builds use `UnsafeContinuation`,
/// which costs no allocation. Every bridge resumes its continuation exactly once through a state
/// machine, and never while holding a lock. StreamsAdapters suspends on it too.
#if DEBUG
  @usableFromInline package typealias BridgeContinuation<Value> = CheckedContinuation<Value, any Error>
#else
  @usableFromInline package typealias BridgeContinuation<Value> = UnsafeContinuation<Value, any Error>
#endif

/// Suspends the current task until `body`'s continuation is resumed; `body` runs synchronously in
/// `isolation`.
@inlinable @inline(__always)
package func withBridgeContinuation<Value: Sendable>(
  isolation: isolated (any Actor)?,
  _ body: (BridgeContinuation<Value>) -> Void
) async throws -> Value {
  #if DEBUG
    return try await withCheckedThrowingContinuation(isolation: isolation, body)
  #else
    return try await withUnsafeThrowingContinuation(isolation: isolation, body)
  #endif
}

/// Resumes `continuation` with an element, the end of the sequence (`nil`), or a failure.
@inlinable @inline(__always)
func resume<Element: Sendable>(_ continuation: BridgeContinuation<Element?>, with delivery: ValuesDelivery<Element>) {
  switch delivery {
  case .element(let element): continuation.resume(returning: element)
  case .end(nil): continuation.resume(returning: nil)
  case .end(let failure?): continuation.resume(throwing: failure)
  }
}

/// What a waiting `next()` receives: an element, or the end of the sequence with its failure.
@usableFromInline
enum ValuesDelivery<Element> {
  case element(Element)
  case end(failure: (any Error)?)
}
