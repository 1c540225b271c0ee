import Dispatch
import Foundation
import Streams
import Testing

/// `delay` delivers without holding a lock: an error from another thread does not wait for the
/// element being delivered, and on a concurrent scheduler the events keep their order.
@Suite("delay holds no lock while delivering")
struct DelayLockTests {
  @Test("An error sent while an element is being delivered does not block its sender")
  func errorDoesNotWaitForDelivery() {
    let subject = PublishSubject<Int>()
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let delivering = DispatchSemaphore(value: 0)
    let errorSent = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    let senderReturnedDuringDelivery = Counter()
    let seen = Recorder<Int>()
    let subscription = subject.delay(.milliseconds(1), scheduler: scheduler).subscribe { event in
      seen.on(event)
      if event.element == 1 {
        delivering.signal()
        if Watchdog.wait(errorSent) { senderReturnedDuringDelivery.increment() }
      }
      if event.isStopEvent { ended.signal() }
    }
    subject.onNext(1)
    #expect(Watchdog.wait(delivering))
    Thread.detachNewThread {
      subject.onError(TestError())
      errorSent.signal()
    }
    #expect(Watchdog.wait(ended))
    #expect(senderReturnedDuringDelivery.value == 1, "onError waited for the delivery of 1 to return")
    #expect(seen.elements == [1])
    #expect(seen.error as? TestError == TestError())
    subscription.dispose()
  }

  @Test("Timers that fire out of order, as on a concurrent scheduler, keep the events in order")
  func completionKeepsItsPlace() {
    let timers = HeldTimers()
    let subject = PublishSubject<Int>()
    let seen = Recorder<Int>()
    let subscription = subject.delay(.milliseconds(2), scheduler: timers).subscribe(seen)
    for value in 1...3 { subject.onNext(value) }
    subject.onCompleted()
    #expect(timers.count == 4)
    for index in [0, 1, 3, 2] { timers.fire(index) }  // The completion's timer before the element 3's.
    #expect(seen.elements == [1, 2, 3])
    #expect(seen.events.count == 4 && seen.isCompleted)
    subscription.dispose()
  }

  @Test("Elements from 4 threads are delivered one at a time, none lost")
  func serializedUnderContention() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let subject = PublishSubject<Int>()
    let serial = NSLock()
    let inside = Counter()
    let overlaps = Counter()
    let received = Counter()
    let all = DispatchSemaphore(value: 0)
    let subscription = subject.delay(.microseconds(100), scheduler: scheduler).subscribe(onNext: { _ in
      inside.increment()
      if inside.value > 1 { overlaps.increment() }
      received.increment()
      inside.increment(by: -1)
      if received.value == 1_000 { all.signal() }
    })
    let sender: @Sendable () -> Void = {
      for value in 0..<250 {
        serial.lock()
        subject.onNext(value)
        serial.unlock()
      }
    }
    #expect(Watchdog.run([sender, sender, sender, sender]))
    #expect(Watchdog.wait(all))
    #expect(received.value == 1_000)
    #expect(overlaps.value == 0)
    subscription.dispose()
  }
}
