import Foundation
import Streams
import StreamsAdapters
import StreamsTest
import Testing

/// `Single.fromCallback` and `Observable.events`: the same rules in Rx form; dispose runs the
/// SDK's cancel (stop) hook once.
@Suite("Rx forms")
struct RxFormsTests {
  // MARK: Single.fromCallback

  private func login(_ sdk: CallbackSDK<Int>, timeout: Timeout? = nil) -> Single<Int> {
    Single<Int>.fromCallback(timeout: timeout) { callback in
      sdk.logIn(completion: callback.optionalPair)
      return Cancellation { sdk.cancel() }
    }
  }

  @Test("fromCallback: the SDK's answer is the success; start runs per subscription (cold)")
  func singleSuccess() async {
    let sdk = CallbackSDK<Int>()
    let outcomes = ValueLog<String>()
    let single = login(sdk)
    #expect(sdk.starts.value == 0)
    _ = single.subscribe(
      onSuccess: { outcomes.append("success \($0)") }, onFailure: { outcomes.append("failure \($0)") })
    await sdk.callBackFromBackgroundThread(1, nil)
    _ = single.subscribe(
      onSuccess: { outcomes.append("success \($0)") }, onFailure: { outcomes.append("failure \($0)") })
    sdk.callBack(2, nil)
    #expect(outcomes.entries == ["success 1", "success 2"])
    #expect(sdk.starts.value == 2)
    #expect(sdk.cancels.value == 0)
  }

  @Test("fromCallback: a synchronous answer inside start works")
  func singleSynchronous() {
    let outcomes = ValueLog<Int>()
    _ = Single<Int>.fromCallback { callback in
      callback.resume(returning: 9)
      return nil
    }.subscribe(onSuccess: { outcomes.append($0) })
    #expect(outcomes.entries == [9])
  }

  @Test("fromCallback: a double callback → the first wins, reported; no hook")
  func singleDouble() async {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let outcomes = ValueLog<Int>()
    await diagnostics.record {
      _ = login(sdk).subscribe(onSuccess: { outcomes.append($0) })
    }
    sdk.callBack(1, nil)
    sdk.callBack(2, nil)
    #expect(outcomes.entries == [1])
    #expect(diagnostics.kinds == [.duplicateCallback])
    #expect(sdk.cancels.value == 0)
  }

  @Test("fromCallback: dispose before the answer runs the cancel hook once; nothing is delivered")
  func singleDispose() async {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let events = ValueLog<String>()
    let subscription = await diagnostics.record {
      login(sdk).subscribe(
        onSuccess: { events.append("success \($0)") }, onFailure: { events.append("failure \($0)") },
        onDisposed: { events.append("disposed") })
    }
    subscription.dispose()
    subscription.dispose()
    #expect(sdk.cancels.value == 1)
    sdk.callBack(3, nil)
    #expect(events.entries == ["disposed"])
    #expect(diagnostics.kinds == [.lateCallback(endedBy: .disposed)])
  }

  @Test("fromCallback: dispose after the answer does not run the hook")
  func singleDisposeAfterSuccess() {
    let sdk = CallbackSDK<Int>()
    let subscription = login(sdk).subscribe(onSuccess: { _ in })
    sdk.callBack(1, nil)
    subscription.dispose()
    #expect(sdk.cancels.value == 0)
  }

  @Test("fromCallback: a dropped callback fails with callbackDropped; no hook")
  func singleDropped() async {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let errors = ValueLog<AdapterError?>()
    await diagnostics.record {
      _ = login(sdk).subscribe(onFailure: { errors.append($0 as? AdapterError) })
    }
    sdk.dropHandlers()
    #expect(errors.entries == [.callbackDropped])
    #expect(sdk.cancels.value == 0)
    #expect(diagnostics.kinds == [.callbackDropped])
  }

  @Test("fromCallback: the timeout fails with timedOut and runs the hook once")
  func singleTimeout() async {
    let sdk = CallbackSDK<Int>()
    let scheduler = TestScheduler(initialClock: 0)
    let timers = CountingScheduler(scheduler)
    let failed = Gate()
    let errors = ValueLog<AdapterError?>()
    _ = login(sdk, timeout: .after(.seconds(5), on: timers)).subscribe(onFailure: {
      errors.append($0 as? AdapterError)
      failed.open()
    })
    await timers.scheduled.wait(for: 1)
    scheduler.advanceTo(5)
    await failed.wait()
    #expect(errors.entries == [.timedOut])
    #expect(sdk.cancels.value == 1)
  }

  @Test("fromCallback: disposal releases the subscriber at once, even while the SDK still holds the callback")
  func singleReleasesObserver() {
    final class Subscriber: @unchecked Sendable {
      func receive(_ value: Int) {}
    }
    let sdk = CallbackSDK<Int>()
    let released = WeakBox<Subscriber>()
    var subscription: Disposable?
    do {
      let subscriber = Subscriber()
      released.object = subscriber
      subscription = login(sdk).subscribe(onSuccess: { subscriber.receive($0) })
    }
    #expect(released.object != nil)
    subscription?.dispose()
    #expect(released.object == nil)
    #expect(sdk.cancels.value == 1)
  }

  @Test("fromCallback: an error thrown by start fails the single")
  func singleStartThrows() {
    let errors = ValueLog<TestError?>()
    _ = Single<Int>.fromCallback { _ in throw TestError(id: 5) }.subscribe(onFailure: {
      errors.append($0 as? TestError)
    })
    #expect(errors.entries == [TestError(id: 5)])
  }

  // MARK: Observable.events

  @Test("events in virtual time: elements as sent; disposal at 1000 runs the stop hook once")
  func eventsVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let stops = Counter()
    let starts = Counter()
    let observer = scheduler.start {
      Observable<Int>.events { sink in
        starts.increment()
        scheduler.scheduleAt(210) { sink.send(1) }
        scheduler.scheduleAt(220) { sink.send(2) }
        scheduler.scheduleAt(1_100) { sink.send(3) }  // after disposal: terminated
        return Cancellation { stops.increment() }
      }
    }
    #expect(observer.events == [.next(210, 1), .next(220, 2)])
    #expect(starts.value == 1)
    #expect(stops.value == 1)
  }

  @Test("events: finish completes, fail errors; the stop hook runs once either way")
  func eventsTerminal() {
    let scheduler = TestScheduler(initialClock: 0)
    let stops = Counter()
    let completed = scheduler.start {
      Observable<Int>.events { sink in
        scheduler.scheduleAt(210) { sink.send(1) }
        scheduler.scheduleAt(300) { sink.finish() }
        return Cancellation { stops.increment() }
      }
    }
    #expect(completed.events == [.next(210, 1), .completed(300)])
    #expect(stops.value == 1)

    let failing = TestScheduler(initialClock: 0)
    let failed = failing.start {
      Observable<Int>.events { sink in
        failing.scheduleAt(250) { sink.fail(TestError(id: 1)) }
        return Cancellation { stops.increment() }
      }
    }
    #expect(failed.events == [.error(250, TestError(id: 1))])
    #expect(stops.value == 2)
  }

  @Test("events: a dropped sink ends the sequence with callbackDropped; the hook runs once")
  func eventsDropped() async {
    let diagnostics = Diagnostics()
    let stops = Counter()
    let recorded = ValueLog<String>()
    let ended = Gate()
    await diagnostics.record {
      _ = Observable<Int>.events { sink in
        let box = SDKBox(value: sink)
        onBackgroundThread { box.value.send(1) }  // then the thread lets go of the sink
        return Cancellation { stops.increment() }
      }.subscribe(
        onNext: { recorded.append("next \($0)") },
        onError: {
          recorded.append("error \($0 as? AdapterError == .callbackDropped)")
          ended.open()
        })
    }
    await ended.wait()
    #expect(recorded.entries == ["next 1", "error true"])
    #expect(stops.value == 1)
    #expect(diagnostics.kinds == [.sinkDropped])
  }

  @Test("events: cold, and shared with share(): one SDK start for two subscribers; hook when the last leaves")
  func eventsShare() {
    let starts = Counter()
    let stops = Counter()
    let sinks = ValueLog<EventSink<Int>>()
    let source = Observable<Int>.events { sink in
      starts.increment()
      sinks.append(sink)
      return Cancellation { stops.increment() }
    }
    let cold = [source.subscribe(onNext: { _ in }), source.subscribe(onNext: { _ in })]
    #expect(starts.value == 2)
    cold.forEach { $0.dispose() }
    #expect(stops.value == 2)

    let shared = source.share()
    let a = ValueLog<Int>()
    let b = ValueLog<Int>()
    let first = shared.subscribe(onNext: { a.append($0) })
    let second = shared.subscribe(onNext: { b.append($0) })
    #expect(starts.value == 3)
    sinks.entries[2].send(7)
    first.dispose()
    #expect(stops.value == 2)
    second.dispose()
    #expect(stops.value == 3)
    #expect(a.entries == [7] && b.entries == [7])
  }

  @Test("events: disposing from inside onNext (take) stops delivery at once; the hook runs once")
  func eventsReentrantDispose() {
    let stops = Counter()
    let received = ValueLog<Int>()
    let sinks = ValueLog<EventSink<Int>>()
    _ = Observable<Int>.events { sink in
      sinks.append(sink)
      return Cancellation { stops.increment() }
    }.take(2).subscribe(onNext: { received.append($0) })
    let results = (1...5).map { sinks.entries[0].send($0) }
    #expect(received.entries == [1, 2])
    #expect(results == [.enqueued, .enqueued, .terminated, .terminated, .terminated])
    #expect(stops.value == 1)
  }

  @Test("events: disposal releases the subscriber at once, even while the SDK still holds the sink")
  func eventsReleasesObserver() {
    final class Subscriber: @unchecked Sendable {
      func receive(_ element: Int) {}
    }
    let sinks = ValueLog<EventSink<Int>>()
    let released = WeakBox<Subscriber>()
    var subscription: Disposable?
    do {
      let subscriber = Subscriber()
      released.object = subscriber
      subscription = Observable<Int>.events { sink in
        sinks.append(sink)
        return nil
      }.subscribe(onNext: { subscriber.receive($0) })
    }
    #expect(released.object != nil)
    subscription?.dispose()
    #expect(released.object == nil)
    #expect(sinks.entries[0].send(1) == .terminated)
  }

  @Test("events: sends from many threads are delivered one at a time, none lost")
  func eventsSerialized() async {
    let threads = 8
    let perThread = 500
    let overlapping = Counter()
    let inside = NSLock()
    let count = Counter()
    let done = Signals()
    let sinks = ValueLog<EventSink<Int>>()
    let subscription = Observable<Int>.events { sink in
      sinks.append(sink)
      for _ in 0..<threads {
        onBackgroundThread {
          for index in 0..<perThread { sink.send(index) }
          done.signal()
        }
      }
      return nil
    }.subscribe(onNext: { _ in
      if !inside.try() {
        overlapping.increment()
        return
      }
      count.increment()
      inside.unlock()
    })
    await done.wait(for: threads)
    #expect(overlapping.value == 0)
    #expect(count.value == threads * perThread)
    subscription.dispose()
  }
}
