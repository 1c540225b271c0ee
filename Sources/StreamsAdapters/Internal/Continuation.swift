// Continuations: checked in debug builds, unsafe in release builds.
//
// Every adapter resumes its continuations exactly once through a state machine (R1), so the
// unsafe form is correct; debug builds (and so the test suite) use the checked form, which traps
// on a second resume and logs a leak, to prove it.

#if DEBUG
  typealias AdapterContinuation<T> = CheckedContinuation<T, any Error>
#else
  typealias AdapterContinuation<T> = UnsafeContinuation<T, any Error>
#endif

/// Suspends the current task on a new continuation; `body` runs at once, synchronously, in
/// `isolation`.
@inline(__always)
func withAdapterContinuation<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (AdapterContinuation<T>) -> Void
) async throws -> T {
  #if DEBUG
    return try await withCheckedThrowingContinuation(isolation: isolation, body)
  #else
    return try await withUnsafeThrowingContinuation(isolation: isolation, body)
  #endif
}
