import Foundation

/// A value shared between a test and the code it drives, with waits on conditions (each bounded
/// by a watchdog that fails the wait instead of hanging the suite).
final class Observed<Value: Sendable>: @unchecked Sendable {
  private struct Watcher {
    let id: UUID
    let condition: (Value) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  private let lock = NSLock()
  private var value: Value
  private var watchers: [Watcher] = []
  private let watchdog: Double

  /// - Parameter watchdog: how long ``until(seconds:_:)`` waits by default.
  init(_ value: Value, watchdog: Double = 20) {
    self.value = value
    self.watchdog = watchdog
  }

  var current: Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  /// Changes the value and wakes the waits whose condition now holds; returns `body`'s result.
  @discardableResult
  func update<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    let result = body(&value)
    let snapshot = value
    var ready: [Watcher] = []
    watchers.removeAll { watcher in
      guard watcher.condition(snapshot) else { return false }
      ready.append(watcher)
      return true
    }
    lock.unlock()
    ready.forEach { $0.continuation.resume(returning: true) }
    return result
  }

  /// Waits until `condition` holds; `false` if it did not within `seconds`. A watchdog, not
  /// a delay: a passing test never reaches it. Ignores task cancellation.
  @discardableResult
  func until(seconds: Double? = nil, _ condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
    let id = UUID()
    let seconds = seconds ?? watchdog
    let watchdog = Task { [weak self] in
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      guard !Task.isCancelled else { return }
      self?.resume(id, with: false)
    }
    defer { watchdog.cancel() }
    return await wait(id, condition)
  }

  /// Waits until `condition` holds, for as long as it takes; throws `CancellationError` when
  /// the task is cancelled first.
  func when(_ condition: @escaping @Sendable (Value) -> Bool) async throws {
    let id = UUID()
    let held = await withTaskCancellationHandler {
      await wait(id, condition, cancellable: true)
    } onCancel: {
      resume(id, with: false)
    }
    if !held { throw CancellationError() }
  }

  /// Waits until `condition` holds, whatever happens to the task (the test opens it).
  func whenIgnoringCancellation(_ condition: @escaping @Sendable (Value) -> Bool) async {
    _ = await wait(UUID(), condition)
  }

  /// Ends every pending wait with `false` (a test's clean-up).
  func abandonWaiters() {
    lock.lock()
    let all = watchers
    watchers.removeAll()
    lock.unlock()
    all.forEach { $0.continuation.resume(returning: false) }
  }

  private func wait(_ id: UUID, _ condition: @escaping (Value) -> Bool, cancellable: Bool = false) async -> Bool {
    await withCheckedContinuation { continuation in
      lock.lock()
      if condition(value) {
        lock.unlock()
        continuation.resume(returning: true)
        return
      }
      // The cancellation flag is set before the cancellation handler runs, and the handler
      // takes the lock: either it finds this watcher, or the flag is already visible here.
      if cancellable && Task.isCancelled {
        lock.unlock()
        continuation.resume(returning: false)
        return
      }
      watchers.append(Watcher(id: id, condition: condition, continuation: continuation))
      lock.unlock()
    }
  }

  private func resume(_ id: UUID, with result: Bool) {
    lock.lock()
    let index = watchers.firstIndex { $0.id == id }
    let watcher = index.map { watchers.remove(at: $0) }
    lock.unlock()
    watcher?.continuation.resume(returning: result)
  }
}
