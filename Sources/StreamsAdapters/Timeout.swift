/// How long an adapter waits for the SDK before it gives up with ``AdapterError/timedOut``.
///
/// A timeout does not rely on the SDK honouring cancellation: when it elapses the wait ends at
/// once, and the SDK's cancel hook runs. The timer runs in its own task, which is cancelled as soon
/// as the wait ends.
///
/// ```swift
/// let token = try await withCallback(timeout: .seconds(30)) { (callback: Callback<Token>) in
///   let request = sdk.logIn(completion: callback.optionalPair)
///   return Cancellation(weak: request) { $0.cancel() }
/// }
/// ```
public struct Timeout: Sendable {
  let sleep: @Sendable () async throws -> Void

  init(sleep: @escaping @Sendable () async throws -> Void) {
    self.sleep = sleep
  }

  /// A timeout of `seconds` seconds (available from iOS 13). Zero, negative and NaN values
  /// time out at once; very large values are capped at about 584 years.
  public static func seconds(_ seconds: Double) -> Timeout {
    let nanoseconds: UInt64
    if !(seconds > 0) {
      nanoseconds = 0
    } else if seconds >= Double(UInt64.max) / 1_000_000_000 {
      nanoseconds = UInt64.max
    } else {
      nanoseconds = UInt64(seconds * 1_000_000_000)
    }
    return Timeout { try await Task.sleep(nanoseconds: nanoseconds) }
  }

  /// A timeout of `duration`, measured on the continuous clock.
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public static func duration(_ duration: Duration) -> Timeout {
    .duration(duration, clock: ContinuousClock())
  }

  /// A timeout of `duration` measured on `clock`; a test clock makes timeouts deterministic.
  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  public static func duration<C: Clock>(_ duration: C.Duration, clock: C) -> Timeout {
    Timeout { try await clock.sleep(for: duration) }
  }

  /// Starts a timer task that calls `fire` when the timeout elapses, unless it is cancelled first.
  ///
  /// The task is detached so that it never runs on the caller's actor.
  func startTimer(_ fire: @escaping @Sendable () -> Void) -> Task<Void, Never> {
    Task.detached(priority: Task.currentPriority) { [sleep] in
      do {
        try await sleep()
      } catch {
        return
      }
      if Task.isCancelled { return }
      fire()
    }
  }
}
