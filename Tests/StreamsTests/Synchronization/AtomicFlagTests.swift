import Dispatch
import Foundation
import StreamsTestSupport
import Testing

@testable import Streams

/// The lock-free flags every subscription uses (`OnceFlag`, `SynchronizedBits`,
/// `SynchronizedBool`) and the once-set value of the same family (`OnceValue`), raced on real
/// threads. CI's ThreadSanitizer run builds them on the C11
/// atomics Apple platforms use (`-DSTREAMS_C11_ATOMICS`), the plain run on Swift's `Atomic`; a
/// missing acquire or release shows there as a data race on the payloads below.
@Suite("Atomic flags")
struct AtomicFlagTests {
  private static let threads = 8
  private static let rounds = 500

  /// Flags shared with a reader thread, and a value written without synchronization before a
  /// flag is set, read after the reader sees the flag: safe only if setting releases and seeing
  /// acquires.
  private final class Shared: @unchecked Sendable {
    let once = OnceFlag()
    let boolean = SynchronizedBool(false)
    var payload = 0
  }

  /// Writes `round` into `shared`'s payload and then calls `publish` on this thread, while another
  /// thread spins until `isPublished` and then reads the payload. Returns what the reader read, or
  /// `nil` if it did not finish within ten seconds.
  private func payloadSeen(
    _ round: Int, in shared: Shared, publish: (Shared) -> Void,
    isPublished: @escaping @Sendable (Shared) -> Bool
  ) -> Int? {
    let seen = Locked(0)
    let done = DispatchSemaphore(value: 0)
    Thread {
      while !isPublished(shared) {}
      seen.withLock { $0 = shared.payload }
      done.signal()
    }.start()
    shared.payload = round
    publish(shared)
    return done.wait(timeout: .now() + 10) == .success ? seen.value : nil
  }

  @Test("A once-flag raced by many threads is set by exactly one")
  func onceFlagHasOneWinner() {
    for _ in 0..<Self.rounds {
      let flag = OnceFlag()
      let winners = Counter()
      DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
        if flag.set() { winners.increment() }
      }
      let isSet = flag.isSet
      #expect(winners.value == 1 && isSet)
    }
  }

  @Test("A thread that sees a once-flag set sees what the setter wrote before setting it")
  func onceFlagPublishes() {
    for round in 1...Self.rounds {
      let seen = payloadSeen(round, in: Shared(), publish: { _ = $0.once.set() }, isPublished: { $0.once.isSet })
      #expect(seen == round)
    }
  }

  @Test("Bits inserted by many threads: each is first set once, and the word ends with all of them")
  func bitsFromManyThreads() {
    for _ in 0..<Self.rounds {
      let bits = SynchronizedBits()
      let firsts = Counter()
      DispatchQueue.concurrentPerform(iterations: Self.threads * 2) { index in
        let bit = 1 << (index % Self.threads)
        if bits.insert(bit) & bit == 0 { firsts.increment() }
      }
      #expect(firsts.value == Self.threads)
      #expect(bits.value == (1 << Self.threads) - 1)
    }
  }

  @Test("A Boolean stored on one thread is read with what was written before it; a store clears it")
  func booleanPublishes() {
    for round in 1...Self.rounds {
      let shared = Shared()
      let seen = payloadSeen(round, in: shared, publish: { $0.boolean.store(true) }, isPublished: { $0.boolean.load() })
      #expect(seen == round)
      shared.boolean.store(false)
      let cleared = !shared.boolean.load()
      #expect(cleared)
    }
  }

  @Test("A once-value raced by many setters keeps the first; every reader sees nothing or that value, whole")
  func onceValueHasOneWinner() {
    for _ in 0..<Self.rounds {
      let cell = OnceValue<[Int]>()
      let winners = Locked<[Int]>([])
      let torn = Counter()
      DispatchQueue.concurrentPerform(iterations: Self.threads) { index in
        let value = Array(repeating: index, count: 16)
        if cell.set(value) { winners.withLock { $0.append(index) } }
        // A loser may look before the winner published: it waits for the value, which must then
        // be whole (one setter's sixteen copies).
        var seen = cell.value
        while seen == nil { seen = cell.value }
        if let seen, Set(seen).count != 1 || seen.count != 16 { torn.increment() }
      }
      let winner = winners.value
      #expect(winner.count == 1)
      #expect(cell.value == winner.first.map { Array(repeating: $0, count: 16) })
      #expect(torn.value == 0)
    }
  }

  @Test("Additions to a word from many threads: each sees a distinct earlier value, and none is lost")
  func additionsFromManyThreads() {
    for _ in 0..<Self.rounds {
      let word = AtomicWord(0)
      let seen = Locked<Set<Int>>([])
      DispatchQueue.concurrentPerform(iterations: Self.threads * 4) { _ in
        let before = word.add(1)
        seen.withLock { _ = $0.insert(before) }
      }
      #expect(seen.value == Set(0..<(Self.threads * 4)))
      #expect(word.load() == Self.threads * 4)
    }
  }
}
