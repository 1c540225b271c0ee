import StreamsTestSupport
import Testing

@testable import Streams

/// `Waiters`, the one home of suspended callers: a slot resolved before its caller suspends is
/// kept for it, a slot resolves once, and the oldest unresolved slot is handed to first.
@Suite("Waiters")
struct WaitersTests {
  /// Suspends on slot `id` of `waiters` and returns what the slot is resolved with.
  private static func wait(_ id: UInt64, in waiters: LockedState<Waiters<Int>>) async -> Int {
    await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
      if let value = waiters.withLock({ $0.attach(id, continuation) }) { continuation.resume(returning: value) }
    }
  }

  @Test("The oldest unresolved slot is handed to first, whether its caller has suspended or not")
  func oldestFirst() async {
    let waiters = LockedState(Waiters<Int>())
    let ids = (0..<3).map { _ in waiters.withLock { $0.reserve() } }
    let cancelled = waiters.withLock { $0.resolve(ids[0], with: -1) }
    #expect(cancelled == nil)  // not suspended yet: kept for its attach
    let handOff = waiters.withLock { $0.resolveOldest(with: 10) }
    #expect(handOff.found && handOff.suspended == nil)
    #expect(await Self.wait(ids[0], in: waiters) == -1)
    #expect(await Self.wait(ids[1], in: waiters) == 10)
    let third = Task { await Self.wait(ids[2], in: waiters) }
    let next = waiters.withLock { $0.resolveOldest(with: 20) }
    next.suspended?.resume(returning: 20)
    #expect(next.found)
    #expect(await third.value == 20)
    #expect(waiters.withLock { $0.resolveOldest(with: 30) }.found == false)
  }

  @Test("A slot resolves once: a later resolution neither replaces the value nor resumes again")
  func resolvesOnce() async {
    let waiters = LockedState(Waiters<Int>())
    let id = waiters.withLock { $0.reserve() }
    _ = waiters.withLock { $0.resolve(id, with: 1) }
    let again = waiters.withLock { $0.resolve(id, with: 2) }
    #expect(again == nil)
    #expect(await Self.wait(id, in: waiters) == 1)
    #expect(waiters.withLock { $0.resolveAll(with: 3) }.isEmpty)
  }
}
