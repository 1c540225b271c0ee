import Dispatch
import Foundation
import Streams
import Testing

/// A subscription that ends on another thread while `subscribe` is still handing it over:
/// whichever side comes second disposes the source's subscription, exactly once.
@Suite("A subscription ending while it is being set up")
struct SubscriptionRaceTests {
  @Test("A source that completes on another thread during subscribe is disposed once")
  func completionDuringSubscribe() {
    let rounds = 2_000
    let disposals = (0..<rounds).map { _ in Counter() }
    let finished = DispatchSemaphore(value: 0)
    for round in 0..<rounds {
      let observable = Observable<Int>.create { observer in
        // Ends on another thread, racing this `subscribe`, which hands its subscription over
        // as soon as this closure returns.
        Thread.detachNewThread {
          observer.onCompleted()
          finished.signal()
        }
        return Disposables.create { disposals[round].increment() }
      }
      _ = observable.map { $0 + 1 }.subscribe()
    }
    for _ in 0..<rounds {
      #expect(Watchdog.wait(finished))
    }
    let counts = disposals.map(\.value)
    #expect(counts.filter { $0 != 1 }.isEmpty, "disposed other than once: \(counts.filter { $0 != 1 }.count)")
  }
}
