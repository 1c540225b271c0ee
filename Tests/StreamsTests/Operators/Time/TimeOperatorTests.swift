import Dispatch
import Streams
import StreamsTest
import Testing

@Suite("Time operators")
struct TimeOperatorTests {
  @Test("debounce sends an element after a quiet period; completion flushes the pending one")
  func debounce() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(215, 2), .next(240, 3), .next(280, 4), .completed(285),
    ])
    let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
    #expect(observer.events == [.next(235, 2), .next(260, 3), .next(285, 4), .completed(285)])
  }

  @Test("debounce: an error is sent at once and drops the pending element")
  func debounceError() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .error(215, TestError(id: 1))])
    let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
    #expect(observer.events == [.error(215, TestError(id: 1))])
    #expect(source.subscriptions == [Subscription(200, 215)])
  }

  @Test("throttle without latest sends the first element of each window at once")
  func throttleLeading() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(240, 3), .next(250, 4), .completed(300),
    ])
    let observer = scheduler.start { source.throttle(.seconds(30), latest: false, scheduler: scheduler) }
    #expect(observer.events == [.next(210, 1), .next(240, 3), .completed(300)])
  }

  @Test("throttle with latest sends the trailing element at the window end; completion waits for it")
  func throttleLatest() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(225, 3), .completed(230)])
    let observer = scheduler.start { source.throttle(.seconds(30), latest: true, scheduler: scheduler) }
    #expect(observer.events == [.next(210, 1), .next(240, 3), .completed(240)])
  }

  @Test("throttle: an element exactly at the window end is sent at once")
  func throttleTie() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
    let observer = scheduler.start { source.throttle(.seconds(30), scheduler: scheduler) }
    #expect(observer.events == [.next(210, 1), .next(240, 2), .completed(300)])
  }

  @Test("delay shifts elements and completion but not errors")
  func delay() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let observer = scheduler.start { source.delay(.seconds(15), scheduler: scheduler) }
    #expect(observer.events == [.next(225, 1), .next(235, 2), .completed(245)])
    let failing = TestScheduler(initialClock: 0)
    let errored = failing.createHotObservable([.next(210, 1), .error(215, TestError(id: 2))])
    let failed = failing.start { errored.delay(.seconds(15), scheduler: failing) }
    #expect(failed.events == [.error(215, TestError(id: 2))])
  }

  @Test("delaySubscription subscribes later")
  func delaySubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let observer = scheduler.start { source.asObservable().delaySubscription(.seconds(30), scheduler: scheduler) }
    #expect(observer.events == [.next(240, 1), .completed(250)])
    #expect(source.subscriptions == [Subscription(230, 250)])
  }

  @Test("timeout fails when no element arrives in time; an element exactly at the deadline wins")
  func timeout() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .next(300, 3)])
    let observer = scheduler.start { source.timeout(.seconds(20), scheduler: scheduler) }
    #expect(observer.events == [.next(220, 1), .next(240, 2), .error(260, StreamsError.timeout)])
    #expect(source.subscriptions == [Subscription(200, 260)])
  }

  @Test("timeout(other:) switches to the other sequence")
  func timeoutOther() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
    let other = scheduler.createColdObservable([.next(5, 9), .completed(10)])
    let observer = scheduler.start { source.timeout(.seconds(20), other: other, scheduler: scheduler) }
    #expect(observer.events == [.next(210, 1), .next(235, 9), .completed(240)])
    #expect(other.subscriptions == [Subscription(230, 240)])
  }

  @Test("buffer: by time with empty buffers, by count restarting the timer, and a final one")
  func buffer() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(205, 1), .next(210, 2), .next(215, 3), .next(260, 4), .completed(275),
    ])
    let observer = scheduler.start { source.buffer(timeSpan: .seconds(20), count: 3, scheduler: scheduler) }
    #expect(
      observer.events == [
        .next(215, [1, 2, 3]), .next(235, []), .next(255, []), .next(275, [4]), .completed(275),
      ])
  }

  @Test("window splits elements into observables by count and time")
  func window() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(205, 1), .next(210, 2), .next(240, 3), .completed(250)])
    let observer = scheduler.start {
      source.window(timeSpan: .seconds(20), count: 2, scheduler: scheduler)
        .flatMap { $0.toArray().asObservable() }
    }
    #expect(observer.events == [.next(210, [1, 2]), .next(230, []), .next(250, [3]), .completed(250)])
  }

  @Test("take(for:) completes after the duration; skip(_:scheduler:) drops the early elements")
  func takeAndSkipForDuration() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
    let taken = scheduler.start { source.take(for: .seconds(25), scheduler: scheduler) }
    #expect(taken.events == [.next(210, 1), .completed(225)])
    let skipping = TestScheduler(initialClock: 0)
    let later = skipping.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
    let skipped = skipping.start { later.skip(.seconds(25), scheduler: skipping) }
    #expect(skipped.events == [.next(230, 2), .completed(250)])
  }

  @Test("subscribe(on:) subscribes one scheduler step later and disposes on the scheduler")
  func subscribeOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1)])
    let observer = scheduler.start { source.asObservable().subscribe(on: scheduler) }
    #expect(observer.events == [.next(211, 1)])
    #expect(source.subscriptions == [Subscription(201, 1001)])
  }

  @Test("observe(on:) on a real concurrent queue delivers everything, in order, never overlapping")
  func observeOnRealQueue() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
    let subject = PublishSubject<Int>()
    let received = Recorder<Int>()
    let overlaps = Counter()
    let inFlight = Counter()
    let done = DispatchSemaphore(value: 0)
    _ = subject.observe(on: scheduler).subscribe(
      onNext: { value in
        inFlight.increment()
        if inFlight.value > 1 { overlaps.increment() }
        received.onNext(value)
        inFlight.increment(by: -1)
      }, onCompleted: { done.signal() })
    for value in 0..<10_000 { subject.onNext(value) }
    subject.onCompleted()
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(received.elements == Array(0..<10_000))
    #expect(overlaps.value == 0)
  }

  @Test("observe(on:) a serial queue queues each event as it arrives, in order with other work on the queue")
  func observeOnSerialQueueInterleaving() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.observe-on")
    let subject = PublishSubject<Int>()
    let log = Log()
    let done = DispatchSemaphore(value: 0)
    let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
      log("\(value)")
    })
    let mark = { (name: String) in
      _ = scheduler.schedule(()) { _ in
        log(name)
        if name == "end" { done.signal() }
        return Disposables.create()
      }
    }
    subject.onNext(0)
    mark("between")
    subject.onNext(1)
    subject.onNext(2)
    mark("end")
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(log.entries == ["0", "between", "1", "2", "end"])
    subscription.dispose()
  }

  @Test("observe(on:) a serial queue delivers a finished source's events even when the disposable is dropped")
  func observeOnSerialQueueDroppedDisposable() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.observe-on-dropped")
    let received = Recorder<Int>()
    let done = DispatchSemaphore(value: 0)
    _ = Observable.of(1, 2).observe(on: scheduler).subscribe(
      onNext: { received.onNext($0) }, onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(received.elements == [1, 2])
  }

  @Test("observe(on:) a serial queue: disposing drops the events still queued and releases the observer")
  func observeOnSerialQueueDispose() {
    let queue = DispatchQueue(label: "test.observe-on-dispose")
    let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
    let subject = PublishSubject<Int>()
    let received = Recorder<Int>()
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    queue.async {  // Holds the queue, so that what follows stays queued.
      held.signal()
      release.wait()
    }
    #expect(held.wait(timeout: .now() + 10) == .success)
    weak var weakRecorder: Recorder<Int>?
    do {
      let recorder = Recorder<Int>()
      weakRecorder = recorder
      let subscription = subject.observe(on: scheduler).subscribe(recorder)
      subject.onNext(1)
      subject.onNext(2)
      subscription.dispose()
    }
    #expect(weakRecorder == nil, "the queued events keep the observer")
    let subscription = subject.observe(on: scheduler).subscribe(received)
    subject.onNext(3)
    release.signal()
    let drained = DispatchSemaphore(value: 0)
    queue.async { drained.signal() }
    #expect(drained.wait(timeout: .now() + 10) == .success)
    #expect(received.elements == [3])
    subscription.dispose()
  }

  @Test("subscribe(on:) on a real queue subscribes there")
  func subscribeOnRealQueue() {
    let queue = DispatchQueue(label: "test.subscribe-on")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let subscribedOnQueue = Recorder<Bool>()
    let done = DispatchSemaphore(value: 0)
    _ = Observable<Int>.deferred {
      subscribedOnQueue.onNext(DispatchQueue.getSpecific(key: key) == true)
      return .just(1)
    }.subscribe(on: SerialDispatchQueueScheduler(serialQueue: queue)).subscribe(onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(subscribedOnQueue.elements == [true])
  }
}

/// RxSwift delivers one event per scheduled step in `delay` and `observe(on:)`: events that fall
/// due together go out on consecutive steps, one virtual tick apart.
@Suite("delay and observe(on:) deliver one event per scheduled step (RxSwift 6 rules)")
struct OneEventPerStepTests {
  @Test("delay: an element and a completion due together arrive one tick apart")
  func delayDrainsOneEventPerStep() {
    let scheduler = TestScheduler(initialClock: 0)
    let result = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
    #expect(result.events == [.next(202, 1), .completed(203)])
  }

  @Test("delay: a burst keeps its spacing from the first due time, one step per event")
  func delayBurst() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])
    let result = scheduler.start { source.delay(.seconds(5), scheduler: scheduler) }
    #expect(result.events == [.next(215, 1), .next(216, 2), .next(225, 3), .completed(235)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("observe(on:): events that arrive together are delivered one tick apart")
  func observeOnOneEventPerStep() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(50, 1), .completed(50)])
    let result = scheduler.start { source.observe(on: scheduler) }
    #expect(result.events == [.next(251, 1), .completed(252)])
    // A test observable reaches operators through asObservable(), whose wrapper ends the source's
    // subscription with its terminal event, in RxSwift as here.
    #expect(source.subscriptions == [Subscription(200, 250)])
  }
}

@Suite("throttle")
struct ThrottleTests {
  @Test("throttle: an element exactly at the window end counts, at millisecond resolution too")
  func throttleMillisecondTie() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let source = scheduler.createHotObservable([.next(210, "a"), .next(250, "c"), .completed(290)])
    let observer = scheduler.start { source.throttle(.milliseconds(40), latest: false, scheduler: scheduler) }
    #expect(observer.events == [.next(210, "a"), .next(250, "c"), .completed(290)])
    let trailing = TestScheduler(initialClock: 0, resolution: 0.001)
    let burst = trailing.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
    let latest = trailing.start { burst.throttle(.milliseconds(40), latest: true, scheduler: trailing) }
    #expect(latest.events == [.next(210, "a"), .next(250, "b"), .completed(300)])
  }
}
