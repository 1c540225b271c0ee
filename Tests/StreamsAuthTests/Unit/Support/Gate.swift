import Foundation
import StreamsAuth

/// A one-way gate: `wait()` suspends until `open()` (at once if already open).
final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [UUID: CheckedContinuation<Void, Error>] = [:]
  private var arrivals = 0
  private var arrivalWatchers: [(Int, CheckedContinuation<Void, Never>)] = []

  /// Suspends until the gate opens; throws `CancellationError` if the task is cancelled first.
  func wait() async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
        lock.lock()
        arrivals += 1
        let ready = arrivalWatchers.filter { $0.0 <= arrivals }
        arrivalWatchers.removeAll { $0.0 <= arrivals }
        if isOpen {
          lock.unlock()
          ready.forEach { $0.1.resume() }
          continuation.resume()
        } else if Task.isCancelled {
          lock.unlock()
          ready.forEach { $0.1.resume() }
          continuation.resume(throwing: CancellationError())
        } else {
          waiters[id] = continuation
          lock.unlock()
          ready.forEach { $0.1.resume() }
        }
      }
    } onCancel: {
      lock.lock()
      let continuation = waiters.removeValue(forKey: id)
      lock.unlock()
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Opens the gate for everyone waiting and everyone to come.
  func open() {
    lock.lock()
    isOpen = true
    let all = Array(waiters.values)
    waiters.removeAll()
    lock.unlock()
    all.forEach { $0.resume() }
  }

  /// Suspends until `count` callers have arrived at the gate.
  func arrived(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if arrivals >= count {
        lock.unlock()
        continuation.resume()
      } else {
        arrivalWatchers.append((count, continuation))
        lock.unlock()
      }
    }
  }
}

/// A value shared between a test and the code it drives, with a way to wait until it satisfies
/// a condition (with a watchdog that fails the wait instead of hanging the suite).
final class Observed<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  private var watchers: [(UUID, (Value) -> Bool, CheckedContinuation<Bool, Never>)] = []

  init(_ value: Value) {
    self.value = value
  }

  var current: Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  func update(_ body: (inout Value) -> Void) {
    lock.lock()
    body(&value)
    let snapshot = value
    let ready = watchers.filter { $0.1(snapshot) }
    watchers.removeAll { entry in ready.contains { $0.0 == entry.0 } }
    lock.unlock()
    ready.forEach { $0.2.resume(returning: true) }
  }

  /// Waits until `condition` holds; returns `false` if it did not within `seconds` (a watchdog,
  /// not a synchronisation delay: passing tests never reach it).
  @discardableResult
  func until(seconds: Double = 20, _ condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
    let id = UUID()
    let watchdog = Task { [weak self] in
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      guard let self, !Task.isCancelled else { return }
      let entry = self.lock.critical { () -> (UUID, (Value) -> Bool, CheckedContinuation<Bool, Never>)? in
        let index = self.watchers.firstIndex { $0.0 == id }
        return index.map { self.watchers.remove(at: $0) }
      }
      entry?.2.resume(returning: false)
    }
    defer { watchdog.cancel() }
    return await withCheckedContinuation { continuation in
      lock.lock()
      if condition(value) {
        lock.unlock()
        continuation.resume(returning: true)
        return
      }
      watchers.append((id, condition, continuation))
      lock.unlock()
    }
  }
}

extension NSLock {
  /// Runs `body` holding the lock (usable from async code, unlike `lock()`/`unlock()`).
  func critical<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
