import Dispatch
import Foundation
import StreamsTestSupport
import Testing

@testable import Streams

/// The lock-free flags every subscription uses (`OnceFlag`, `SynchronizedBits`,
/// `SynchronizedBool`), raced on real threads. CI's ThreadSanitizer run builds them on the C11
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

  /// Runs `reader` on a thread of its own while this thread runs `writer`; `true` once the reader
  /// returned, `false` if it did not within ten seconds.
  private func race(writer: () -> Void, reader: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
      reader()
      done.signal()
    }.start()
    writer()
    return done.wait(timeout: .now() + 10) == .success
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
      let shared = Shared()
      let seen = Locked(0)
      let finished = race(
        writer: {
          shared.payload = round
          _ = shared.once.set()
        },
        reader: {
          while !shared.once.isSet {}
          seen.withLock { $0 = shared.payload }
        })
      #expect(finished)
      #expect(seen.value == round)
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
      let seen = Locked(0)
      let finished = race(
        writer: {
          shared.payload = round
          shared.boolean.store(true)
        },
        reader: {
          while !shared.boolean.load() {}
          seen.withLock { $0 = shared.payload }
        })
      #expect(finished)
      #expect(seen.value == round)
      shared.boolean.store(false)
      let cleared = !shared.boolean.load()
      #expect(cleared)
    }
  }
}
