import Streams

/// An async FIFO mutex: ``enter()`` suspends until every earlier entrant has called ``leave()``.
///
/// A caller cancelled while queued leaves the queue at once with ``AuthError/cancelled``.
final class AsyncSerialGate: @unchecked Sendable {
  // Unchecked: `isHeld`, `waiters` and `lastID` are read and written only under `lock`.
  private let lock = Lock.make()
  private var isHeld = false
  private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
  private var lastID: UInt64 = 0

  func enter() async throws {
    let id = lock.withLock { () -> UInt64 in
      lastID += 1
      return lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        lock.lock()
        if Task.isCancelled {
          lock.unlock()
          continuation.resume(throwing: AuthError.cancelled)
        } else if !isHeld {
          isHeld = true
          lock.unlock()
          continuation.resume()
        } else {
          waiters.append((id, continuation))
          lock.unlock()
        }
      }
    } onCancel: {
      let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index).continuation
      }
      continuation?.resume(throwing: AuthError.cancelled)
    }
  }

  func leave() {
    let next = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
      if waiters.isEmpty {
        isHeld = false
        return nil
      }
      return waiters.removeFirst().continuation
    }
    next?.resume()
  }
}
