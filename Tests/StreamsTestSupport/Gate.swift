import Foundation

/// A one-way gate: waits suspend until ``open()`` was called, before or after they began.
///
/// ``wait()`` holds on whatever happens to the waiting task; ``waitUnlessCancelled()`` ends with
/// `CancellationError` when the task is cancelled first; ``wait(seconds:)`` gives up after a bound,
/// so that a test fails instead of hanging. ``arrived(_:)`` lets a test wait until enough callers
/// reached the gate.
public final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var opened = false
  private var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]
  private var arrivals = 0
  private var arrivalWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// Bounded waits whose bound passed before they reached the gate.
  private var expired: Set<UUID> = []

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

  /// Suspends until the gate opens or `seconds` pass, whatever happens to the task; whether it
  /// opened. A watchdog, not a delay: a passing test never reaches the bound.
  public func wait(seconds: Double) async -> Bool {
    let id = UUID()
    let watchdog = Task { [weak self] in
      try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      guard !Task.isCancelled else { return }
      self?.expire(id)
    }
    defer { watchdog.cancel() }
    do {
      try await arrive(id, cancellable: false)
      return true
    } catch {
      return false
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
      } else if expired.remove(id) != nil {
        lock.unlock()
        continuation.resume(throwing: CancellationError())
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

  /// Ends bounded wait `id` with an error, or marks it expired if it has not reached the gate yet.
  private func expire(_ id: UUID) {
    lock.lock()
    let continuation = waiters.removeValue(forKey: id)
    if continuation == nil && !opened { expired.insert(id) }
    lock.unlock()
    continuation?.resume(throwing: CancellationError())
  }
}
