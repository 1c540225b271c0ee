import Foundation
import StreamsAdapters

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// A thread-safe, ordered log of values.
final class Log<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    values.append(value)
    lock.unlock()
  }

  var entries: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}

/// Records the diagnostics of the adapters made inside `record`.
final class Diagnostics: Sendable {
  private let log = Log<AdapterDiagnostic>()

  var kinds: [AdapterDiagnostic.Kind] { log.entries.map(\.kind) }
  var all: [AdapterDiagnostic] { log.entries }

  /// Runs `body` with this recorder as the scoped diagnostics handler.
  func record<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await AdapterHooks.withDiagnosticHandler({ [log] in log.append($0) }, operation: body)
  }
}

/// A one-shot signal: `wait()` suspends until `open()` was called (before or after).
final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func open() {
    lock.lock()
    isOpen = true
    let woken = waiters
    waiters = []
    lock.unlock()
    for waiter in woken { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if isOpen {
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append(continuation)
        lock.unlock()
      }
    }
  }
}

/// Counts signals; `wait(for:)` suspends until at least `count` arrived.
final class Signals: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

  func signal() {
    lock.lock()
    count += 1
    let ready = waiters.filter { $0.0 <= count }
    waiters.removeAll { $0.0 <= count }
    lock.unlock()
    for (_, waiter) in ready { waiter.resume() }
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func wait(for target: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if count >= target {
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append((target, continuation))
        lock.unlock()
      }
    }
  }
}

/// Runs `work` on a new thread (not the main thread, not a Swift concurrency thread), the way an
/// SDK calls back from its own threads.
func onBackgroundThread(_ work: @escaping @Sendable () -> Void) {
  Thread.detachNewThread(work)
}

/// Carries a non-Sendable value (an SDK's non-Sendable completion closure) to another thread, as
/// an Objective-C SDK would.
struct SDKBox<Value>: @unchecked Sendable {
  let value: Value
}

struct TestError: Error, Equatable, CustomStringConvertible {
  var id = 0
  var description: String { "TestError(\(id))" }
}

/// Runs `body` and captures its outcome (`Result(catching:)` for async code).
func outcome<Success: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Success
) async -> Result<Success, any Error> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}

extension NSLock {
  /// Runs `body` with the lock held (`NSLock.withLock` needs macOS 14 / iOS 17 on Apple platforms).
  func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// The error a `Result` or a `Task` failed with, if any.
func failure<Success>(of result: Result<Success, any Error>) -> (any Error)? {
  if case .failure(let error) = result { return error }
  return nil
}
