import Dispatch
import Foundation
import Streams
import Testing

/// The time operators deliver what a timer decides without holding a lock: a source event sent
/// from another thread while a timer's element is being delivered does not wait for that
/// delivery, and is delivered after it.
@Suite("Time operators hold no lock while delivering")
struct TimeOperatorDeliveryTests {
  /// Sends `elements` on this thread; when the timer thread delivers `blocking`, the observer
  /// waits until `interrupt`, sent from a third thread, has returned. Returns whether it returned
  /// during that delivery, and everything the observer received.
  func interruptTimerDelivery(
    _ apply: (Observable<Int>) -> Observable<Int>, elements: [Int], blocking: Int, interrupt: [Event<Int>]
  ) -> (returnedDuringDelivery: Bool, events: [Event<Int>]) {
    let subject = PublishSubject<Int>()
    let delivering = DispatchSemaphore(value: 0)
    let interrupted = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    let returned = Counter()
    let seen = Recorder<Int>()
    let subscription = apply(subject.asObservable()).subscribe { event in
      seen.on(event)
      if event.element == blocking {
        delivering.signal()
        if Watchdog.wait(interrupted) { returned.increment() }
      }
      if event.isStopEvent { ended.signal() }
    }
    for element in elements { subject.onNext(element) }
    #expect(Watchdog.wait(delivering))
    Thread.detachNewThread {
      for event in interrupt { subject.on(event) }
      interrupted.signal()
    }
    #expect(Watchdog.wait(ended))
    subscription.dispose()
    return (returned.value == 1, seen.events)
  }

  @Test("debounce: completion sent while the debounced element is delivered does not wait for it")
  func debounceCompletionDoesNotWaitForADelivery() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let result = interruptTimerDelivery(
      { $0.debounce(.milliseconds(1), scheduler: scheduler) }, elements: [1], blocking: 1,
      interrupt: [.next(2), .completed])
    #expect(result.returnedDuringDelivery, "the sender waited for the delivery")
    #expect(result.events.compactMap(\.element) == [1, 2])
    #expect(result.events.last?.isCompleted == true)
  }

  @Test("throttle: an error sent while the trailing element is delivered does not wait for it")
  func throttleErrorDoesNotWaitForADelivery() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let result = interruptTimerDelivery(
      { $0.throttle(.milliseconds(5), scheduler: scheduler) }, elements: [1, 2], blocking: 2,
      interrupt: [.error(TestError())])
    #expect(result.returnedDuringDelivery, "the sender waited for the delivery")
    #expect(result.events.compactMap(\.element) == [1, 2])
    #expect(result.events.last?.error as? TestError == TestError())
  }

  @Test("buffer: completion sent while a buffer is delivered does not wait for it")
  func bufferCompletionDoesNotWaitForADelivery() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let result = interruptTimerDelivery(
      { $0.buffer(timeSpan: .milliseconds(1), count: 100, scheduler: scheduler).map { $0.first ?? -1 } },
      elements: [1], blocking: 1, interrupt: [.next(2), .completed])
    #expect(result.returnedDuringDelivery, "the sender waited for the delivery")
    #expect(result.events.compactMap(\.element).filter { $0 != -1 } == [1, 2])
    #expect(result.events.last?.isCompleted == true)
  }

  @Test("delay: elements sent while a delayed one is delivered do not wait for it")
  func delayElementsDoNotWaitForADelivery() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let result = interruptTimerDelivery(
      { $0.delay(.milliseconds(1), scheduler: scheduler) }, elements: [1], blocking: 1,
      interrupt: [.next(2), .next(3), .completed])
    #expect(result.returnedDuringDelivery, "the sender waited for the delivery")
    #expect(result.events.compactMap(\.element) == [1, 2, 3])
    #expect(result.events.last?.isCompleted == true)
  }

  @Test("timeout: the fallback's events and the source's never overlap, under 4 threads")
  func timeoutFallbackAndSourceNeverOverlap() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    for _ in 0..<20 {
      let subject = PublishSubject<Int>()
      let inside = Counter()
      let overlaps = Counter()
      let ended = DispatchSemaphore(value: 0)
      let subscription = subject.timeout(.microseconds(200), other: Observable.just(-1), scheduler: scheduler)
        .subscribe { event in
          inside.increment()
          if inside.value > 1 { overlaps.increment() }
          Thread.sleep(forTimeInterval: 0.0001)
          inside.increment(by: -1)
          if event.isStopEvent { ended.signal() }
        }
      let serial = NSLock()
      let sender: @Sendable () -> Void = {
        for value in 0..<50 {
          serial.lock()
          subject.onNext(value)
          serial.unlock()
        }
      }
      #expect(Watchdog.run([sender, sender, sender, sender]))
      #expect(Watchdog.wait(ended))
      #expect(overlaps.value == 0)
      subscription.dispose()
    }
  }

  @Test("take(for:): the timer's completion does not wait for a delivery of the source")
  func takeForDurationCompletionDoesNotWaitForADelivery() {
    let subject = PublishSubject<Int>()
    let timers = HeldTimers()
    let delivering = DispatchSemaphore(value: 0)
    let fired = DispatchSemaphore(value: 0)
    let returned = Counter()
    let seen = Recorder<Int>()
    let subscription = subject.take(for: .seconds(1), scheduler: timers).subscribe { event in
      seen.on(event)
      if event.element == 1 {
        delivering.signal()
        if Watchdog.wait(fired) { returned.increment() }
      }
    }
    let sent = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      subject.onNext(1)
      sent.signal()
    }
    #expect(Watchdog.wait(delivering))
    Thread.detachNewThread {
      timers.fire(0)
      fired.signal()
    }
    #expect(Watchdog.wait(sent))
    #expect(returned.value == 1, "the timer waited for the delivery")
    #expect(seen.elements == [1])
    #expect(seen.isCompleted)
    subscription.dispose()
  }
}

/// `delay` delivers without holding a lock: an error from another thread does not wait for the
/// element being delivered, and on a concurrent scheduler the events keep their order.
@Suite("delay holds no lock while delivering")
struct DelayDeliveryTests {
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

  @Test("A burst is drained one event per step, one step scheduled at a time, so no timer can overtake another")
  func burstDrainsOneEventPerStep() {
    let timers = HeldTimers()
    let subject = PublishSubject<Int>()
    let seen = Recorder<Int>()
    let subscription = subject.delay(.milliseconds(2), scheduler: timers).subscribe(seen)
    for value in 1...3 { subject.onNext(value) }
    subject.onCompleted()
    // Before: one timer per event, and firing the completion's timer before element 3's lost 3.
    #expect(timers.count == 1)
    for step in 0..<4 {
      #expect(timers.count == step + 1, "each step schedules the next only after delivering its event")
      timers.fire(step)
    }
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
