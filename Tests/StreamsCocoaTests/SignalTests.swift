import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  @Suite("Signal")
  @MainActor
  struct SignalTests {
    @Test("A Signal shares one source subscription, replays nothing, and restarts once all left")
    func sharesWithoutReplay() {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      let third = scheduler.createObserver(Int.self)
      let source = scheduler.createHotObservable([
        .next(210, 1), .next(230, 2), .next(250, 3), .next(290, 4),
      ])
      SharingScheduler.mock(scheduler: scheduler) {
        let signal = source.asSignal(onErrorJustReturn: -1)
        var subscriptions: [Disposable] = []
        _ = scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: first)) }
        _ = scheduler.scheduleAt(235) { subscriptions.append(signal.emit(to: second)) }
        _ = scheduler.scheduleAt(260) { subscriptions.forEach { $0.dispose() } }
        _ = scheduler.scheduleAt(270) { subscriptions.append(signal.emit(to: third)) }
        scheduler.start()
      }
      #expect(first.events == [.next(211, 1), .next(231, 2), .next(251, 3)])
      #expect(second.events == [.next(251, 3)])
      #expect(third.events == [.next(291, 4)])
      #expect(source.subscriptions == [Subscription(200, 260), Subscription(270)])
    }

    @Test("Operators on a Signal return Signals: a late subscriber to a mapped signal gets nothing old")
    func operatorsKeepSignal() {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      var evaluations = 0
      SharingScheduler.mock(scheduler: scheduler) {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let mapped = source.asSignal(onErrorJustReturn: -1).map { value -> Int in
          evaluations += 1
          return value * 10
        }
        _ = scheduler.scheduleAt(200) { _ = mapped.emit(to: first) }
        _ = scheduler.scheduleAt(215) { _ = mapped.emit(to: late) }
        scheduler.start()
      }
      #expect(first.events == [.next(211, 10), .next(221, 20)])
      #expect(late.events == [.next(221, 20)])
      #expect(evaluations == 2)
    }

    @Test("asSignal(onErrorJustReturn:) sends the element and completes instead of failing")
    func onErrorJustReturn() {
      let events = mocked { scheduler in
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        return scheduler.start { source.asSignal(onErrorJustReturn: -1).asObservable() }.events
      }
      #expect(events == [.next(211, 1), .next(221, -1), .completed(221)])
    }

    @Test("asSignal(onErrorSignalWith:) continues with the fallback signal")
    func onErrorSignalWith() {
      let events = mocked { scheduler in
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        return scheduler.start { source.asSignal(onErrorSignalWith: Signal.just(-1)).asObservable() }.events
      }
      #expect(events == [.next(211, 1), .next(222, -1), .completed(222)])
    }

    @Test("asSignal(onErrorRecover:) continues with the signal made from the error")
    func onErrorRecover() {
      var received: [Error] = []
      let events = mocked { scheduler in
        let source = scheduler.createColdObservable([.error(20, TestError(), Int.self)])
        return scheduler.start {
          source.asSignal { error in
            received.append(error)
            return Signal.empty()
          }.asObservable()
        }.events
      }
      #expect(events == [.completed(222)])
      #expect(received.count == 1 && received.first is TestError)
    }

    @Test("PublishRelay.asSignal sends each accepted value and nothing from before")
    func publishRelayAsSignal() {
      let relay = PublishRelay<Int>()
      relay.accept(0)
      let events = mocked { scheduler in
        _ = scheduler.scheduleAt(300) { relay.accept(1) }
        return scheduler.start { relay.asSignal().asObservable() }.events
      }
      #expect(events == [.next(301, 1)])
    }

    @Test("asSignal() on a Signal-strategy sequence returns the same sequence")
    func identityConversion() {
      let signal = Signal.just(1)
      #expect(signal.asSignal().asObservable() === signal.asObservable())
    }
  }
}
