import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  @Suite("Driver")
  @MainActor
  struct DriverTests {
    @Test("A Driver shares one source subscription, replays its latest element, and restarts once all left")
    func sharesAndReplays() {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      let third = scheduler.createObserver(Int.self)
      let source = scheduler.createColdObservable([
        .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .completed(50),
      ])
      SharingScheduler.mock(scheduler: scheduler) {
        let driver = source.asDriver(onErrorJustReturn: -1)
        var subscriptions: [Disposable] = []
        _ = scheduler.scheduleAt(200) { subscriptions.append(driver.drive(first)) }
        _ = scheduler.scheduleAt(225) { subscriptions.append(driver.drive(second)) }
        _ = scheduler.scheduleAt(235) { subscriptions[0].dispose() }
        _ = scheduler.scheduleAt(260) { subscriptions.append(driver.drive(third)) }
        _ = scheduler.scheduleAt(285) { subscriptions[2].dispose() }
        scheduler.start()
      }
      #expect(first.events == [.next(211, 0), .next(221, 1), .next(231, 2)])
      #expect(second.events == [.next(225, 1), .next(231, 2), .next(241, 3), .completed(251)])
      #expect(third.events == [.next(271, 0), .next(281, 1)])
      #expect(source.subscriptions.map(\.subscribe) == [200, 260])
      #expect(source.subscriptions.last == Subscription(260, 285))
    }

    @Test("asDriver(onErrorJustReturn:) sends the element and completes instead of failing")
    func onErrorJustReturn() {
      let events = mocked { scheduler in
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        return scheduler.start { source.asDriver(onErrorJustReturn: -1).asObservable() }.events
      }
      #expect(events == [.next(211, 1), .next(221, -1), .completed(221)])
    }

    @Test("asDriver(onErrorDriveWith:) continues with the fallback driver")
    func onErrorDriveWith() {
      let events = mocked { scheduler in
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        return scheduler.start { source.asDriver(onErrorDriveWith: Driver.just(-1)).asObservable() }.events
      }
      #expect(events == [.next(211, 1), .next(222, -1), .completed(222)])
    }

    @Test("asDriver(onErrorRecover:) continues with the driver made from the error")
    func onErrorRecover() {
      var received: [Error] = []
      let events = mocked { scheduler in
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        return scheduler.start {
          source.asDriver { error in
            received.append(error)
            return Driver.of(-1, -2)
          }.asObservable()
        }.events
      }
      #expect(events == [.next(211, 1), .next(222, -1), .next(223, -2), .completed(224)])
      #expect(received.count == 1 && received.first is TestError)
    }

    @Test("BehaviorRelay.asDriver sends the current value, then each accepted value")
    func behaviorRelayAsDriver() {
      let relay = BehaviorRelay(value: 0)
      let events = mocked { scheduler in
        _ = scheduler.scheduleAt(300) { relay.accept(1) }
        return scheduler.start { relay.asDriver().asObservable() }.events
      }
      #expect(events == [.next(201, 0), .next(301, 1)])
    }

    @Test("Infallible.asDriver delivers on the sharing scheduler and shares")
    func infallibleAsDriver() {
      let scheduler = TestScheduler(initialClock: 0)
      let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      SharingScheduler.mock(scheduler: scheduler) {
        let driver = source.asInfallible(onErrorJustReturn: -1).asDriver()
        _ = scheduler.scheduleAt(200) {
          _ = driver.drive(first)
          _ = driver.drive(second)
        }
        scheduler.start()
      }
      #expect(first.events == [.next(211, 1), .completed(221)])
      #expect(second.events == first.events)
      #expect(source.subscriptions.map(\.subscribe) == [200])
    }

    @Test("asDriver() on a Driver-strategy sequence and asSharedSequence return the same sequence")
    func identityConversions() {
      let driver = Driver.just(1)
      #expect(driver.asDriver().asObservable() === driver.asObservable())
      #expect(driver.asSharedSequence().asObservable() === driver.asObservable())
      let shared: SharedSequence<DriverSharingStrategy, Int> = Observable.just(1)
        .asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: 0)
      #expect(shared.asDriver().asObservable() === shared.asObservable())
    }

    @Test("asSharedSequence(sharingStrategy:) converts with each error policy")
    func asSharedSequenceForms() {
      let events = mocked { scheduler in
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let justReturn = scheduler.start(created: 100, subscribed: 200, disposed: 300) {
          failing.asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: -1).asObservable()
        }
        let driveWith = scheduler.start(created: 300, subscribed: 400, disposed: 500) {
          failing.asSharedSequence(onErrorDriveWith: Signal.just(-2)).asObservable()
        }
        let recover = scheduler.start(created: 500, subscribed: 600, disposed: 700) {
          failing.asSharedSequence(onErrorRecover: { _ in Driver.just(-3) }).asObservable()
        }
        return [justReturn.events, driveWith.events, recover.events]
      }
      #expect(events[0] == [.next(211, 1), .next(221, -1), .completed(221)])
      #expect(events[1] == [.next(411, 1), .next(422, -2), .completed(422)])
      #expect(events[2] == [.next(611, 1), .next(622, -3), .completed(622)])
    }

    @Test("On the main thread, nested drivers deliver synchronously")
    func nestedDriversAreSynchronousOnMain() {
      var latest: Int?
      let subscription = BehaviorSubject(value: 1).asDriver(onErrorJustReturn: 0)
        .flatMapLatest { Driver.just($0 * 2) }
        .flatMapLatest { Observable.just($0).asDriver(onErrorJustReturn: -1) }
        .flatMapLatest { Observable.just($0).asDriver(onErrorDriveWith: .empty()) }
        .flatMapLatest { Observable.just($0).asDriver(onErrorRecover: { _ in .empty() }) }
        .drive(onNext: { latest = $0 })
      subscription.dispose()
      #expect(latest == 2)
    }
  }
}
