import Dispatch
import Foundation
import Streams
import Testing

/// `share` connects once, however many threads make the first subscriptions at the same moment.
@Suite("share: concurrent first subscriptions")
struct ShareLockTests {
  @Test("32 threads subscribing at once to share() cause one subscription to the source", arguments: [0, 1])
  func concurrentFirstSubscriptionsConnectOnce(replay: Int) {
    for _ in 0..<50 {
      let sourceSubscriptions = Counter()
      let shared = Observable<Int>.never()
        .do(onSubscribe: { sourceSubscriptions.increment() })
        .share(replay: replay, scope: .whileConnected)
      let start = DispatchSemaphore(value: 0)
      let subscriptions = Locked<[Disposable]>([])
      let subscriber: @Sendable () -> Void = {
        start.wait()
        let subscription = shared.subscribe()
        subscriptions.withLock { $0.append(subscription) }
      }
      let threads = Array(repeating: subscriber, count: 32)
      let released = DispatchQueue.global()
      released.asyncAfter(deadline: .now() + .milliseconds(5)) {
        for _ in threads { start.signal() }
      }
      #expect(Watchdog.run(threads))
      #expect(sourceSubscriptions.value == 1)
      subscriptions.withLock { $0.forEach { $0.dispose() } }
    }
  }
}
