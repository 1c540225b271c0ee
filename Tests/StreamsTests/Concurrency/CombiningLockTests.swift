import Dispatch
import Foundation
import Streams
import Testing

/// Operators with several sources deliver outside their lock: one source sending from another thread
/// while the other's event is being delivered does not wait for that delivery.
@Suite("Operators with several sources hold no lock while delivering")
struct CombiningLockTests {
  @Test("withLatestFrom: an error from the second source does not wait for a delivery of the first")
  func withLatestFrom() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<String>()
    let delivering = DispatchSemaphore(value: 0)
    let interrupted = DispatchSemaphore(value: 0)
    let returned = Counter()
    let seen = Recorder<String>()
    let subscription = first.withLatestFrom(second) { "\($0)\($1)" }.subscribe { event in
      seen.on(event)
      if event.element == "1a" {
        delivering.signal()
        if Watchdog.wait(interrupted) { returned.increment() }
      }
    }
    second.onNext("a")
    let firstSender = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      first.onNext(1)
      first.onNext(2)  // After the error: dropped.
      firstSender.signal()
    }
    #expect(Watchdog.wait(delivering))
    Thread.detachNewThread {
      second.onError(TestError())
      interrupted.signal()
    }
    #expect(Watchdog.wait(firstSender))
    #expect(returned.value == 1, "the second source's sender waited for the delivery")
    #expect(seen.elements == ["1a"])
    #expect(seen.error as? TestError == TestError())
    subscription.dispose()
  }

  @Test("combineLatest of three: an element sent while a combination is delivered does not wait for it")
  func combineLatestOfThree() {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let third = PublishSubject<Int>()
    let delivering = DispatchSemaphore(value: 0)
    let interrupted = DispatchSemaphore(value: 0)
    let returned = Counter()
    let seen = Recorder<Int>()
    let subscription = Observable.combineLatest(first, second, third) { $0 * 100 + $1 * 10 + $2 }
      .subscribe { event in
        seen.on(event)
        if event.element == 111 {
          delivering.signal()
          if Watchdog.wait(interrupted) { returned.increment() }
        }
      }
    first.onNext(1)
    second.onNext(1)
    let sender = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      third.onNext(1)
      sender.signal()
    }
    #expect(Watchdog.wait(delivering))
    Thread.detachNewThread {
      second.onNext(2)
      interrupted.signal()
    }
    #expect(Watchdog.wait(sender))
    #expect(returned.value == 1, "the second source's sender waited for the delivery")
    #expect(seen.elements == [111, 121])
    subscription.dispose()
  }
}
