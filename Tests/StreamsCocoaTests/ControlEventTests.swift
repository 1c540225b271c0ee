import Foundation
import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  @Suite("ControlEvent")
  @MainActor
  struct ControlEventTests {
    @Test("A ControlEvent forwards its source's events and subscribes to it on the main thread")
    func forwardsOnMainThread() {
      let relay = PublishRelay<Int>()
      let log = Log()
      let source = Observable<Int>.deferred {
        log("subscribed on main: \(MainQueue.isCurrent)")
        return relay.asObservable()
      }
      let event = ControlEvent(events: source)
      let subscription = event.subscribe(onNext: { log("next \($0)") })
      relay.accept(1)
      relay.accept(2)
      subscription.dispose()
      relay.accept(3)
      #expect(log.entries == ["subscribed on main: true", "next 1", "next 2"])
      #expect(event.asControlEvent().asObservable() === event.asObservable())
    }

    @Test("asSignal() delivers the control's events on the sharing scheduler and replays nothing")
    func asSignal() {
      let relay = PublishRelay<Int>()
      let events = mocked { scheduler in
        _ = scheduler.scheduleAt(210) { relay.accept(1) }
        _ = scheduler.scheduleAt(220) { relay.accept(2) }
        return scheduler.start { ControlEvent(events: relay).asSignal().asObservable() }.events
      }
      #expect(events == [.next(211, 1), .next(221, 2)])
    }

    @Test("asDriver() delivers the control's events on the sharing scheduler")
    func asDriver() {
      let relay = PublishRelay<String>()
      let events = mocked { scheduler in
        _ = scheduler.scheduleAt(210) { relay.accept("tap") }
        return scheduler.start { ControlEvent(events: relay).asDriver().asObservable() }.events
      }
      #expect(events == [.next(211, "tap")])
    }

    @Test("A failing source breaks the contract: the Signal completes and the error is reported, not trapped")
    func failureIsReported() {
      let reports = Log()
      let previous = Hooks.diagnostic
      Hooks.diagnostic = { diagnostic in
        if case .bindingError(let text) = diagnostic, text.contains("ControlEventFailure") { reports(text) }
      }
      defer { Hooks.diagnostic = previous }
      let events = mocked { scheduler in
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, ControlEventFailure())])
        return scheduler.start { ControlEvent(events: source).asSignal().asObservable() }.events
      }
      // The error reaches the catch a tick late (observe(on:)); the empty Signal completes a tick later.
      #expect(events == [.next(211, 1), .completed(222)])
      #expect(reports.entries.count == 1)
    }

    @Test("asInfallible() completes instead of failing")
    func asInfallible() {
      let log = Log()
      _ = ControlEvent(events: Observable<Int>.error(ControlEventFailure()))
        .asInfallible()
        .asObservable()
        .subscribe { log("\($0)") }
      #expect(log.entries == ["completed"])
    }
  }
}

struct ControlEventFailure: Error {}
