import Foundation

/// A one-way gate: waits suspend until ``open()`` was called, before or after they began.
///
/// ``wait()`` holds on whatever happens to the waiting task; ``waitUnlessCancelled()`` ends with
/// `CancellationError` when the task is cancelled first. ``arrived(_:)`` lets a test wait until
/// enough callers reached the gate.
public final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var opened = false
  private var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]
  private var arrivals = 0
  private var arrivalWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// A closed gate.
  public init() {}

  /// Whether ``open()`` was called.
  public var isOpen: Bool {
    lock.lock()
    defer { lock.unlock() }
    return opened
  }

  /// Opens the gate for everyone waiting and everyone to come.
  public func open() {
    lock.lock()
    opened = true
    let all = Array(waiters.values)
    waiters.removeAll()
    lock.unlock()
    all.forEach { $0.resume() }
  }

  /// Suspends until the gate opens, whatever happens to the task.
  public func wait() async {
    // Never throws: only a cancellable wait resumes with an error.
    try? await arrive(UUID(), cancellable: false)
  }

  /// Suspends until the gate opens; throws `CancellationError` if the task is cancelled first.
  public func waitUnlessCancelled() async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await arrive(id, cancellable: true)
    } onCancel: {
      lock.lock()
      let continuation = waiters.removeValue(forKey: id)
      lock.unlock()
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Suspends until `count` waits in total have reached the gate.
  public func arrived(_ count: Int) async {
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

  private func arrive(_ id: UUID, cancellable: Bool) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      lock.lock()
      arrivals += 1
      let ready = arrivalWatchers.filter { $0.count <= arrivals }
      arrivalWatchers.removeAll { $0.count <= arrivals }
      if opened {
        lock.unlock()
        continuation.resume()
      } else if cancellable && Task.isCancelled {
        // The flag is set before the cancellation handler runs, and the handler takes the lock:
        // either it finds this waiter, or the flag is already visible here.
        lock.unlock()
        continuation.resume(throwing: CancellationError())
      } else {
        waiters[id] = continuation
        lock.unlock()
      }
      ready.forEach { $0.continuation.resume() }
    }
  }
}
