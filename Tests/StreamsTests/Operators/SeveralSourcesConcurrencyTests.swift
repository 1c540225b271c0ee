import Dispatch
import Foundation
import Streams
import Testing

/// Operators with several sources deliver outside their lock: one source sending from another thread
/// while the other's event is being delivered does not wait for that delivery.
@Suite("Operators with several sources hold no lock while delivering")
struct SeveralSourcesDeliveryTests {
  @Test("withLatestFrom: an error from the second source does not wait for a delivery of the first")
  func withLatestFromErrorDoesNotWaitForADelivery() {
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
  func combineLatestElementDoesNotWaitForADelivery() {
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

/// Operators that deliver under a lock dispose their sources after releasing it: a source whose
/// dispose waits for another thread that sends to the same operator does not deadlock.
@Suite("Operators dispose their sources outside their lock")
struct SeveralSourcesDisposalTests {
  @Test(
    "The first source fails; its dispose waits for a send to the second source on another thread",
    arguments: ["flatMap", "merge", "combineLatest", "zip", "sample"])
  func disposeWaitsForAnotherSender(operator name: String) {
    let other = PublishSubject<Int>()
    let sent = DispatchSemaphore(value: 0)
    // Fails at once; when disposed, has another thread send to `other` and waits for it.
    let failing = Observable<Int>.create { observer in
      observer.onNext(1)
      return Disposables.create {
        Thread.detachNewThread {
          other.onNext(2)
          sent.signal()
        }
        #expect(Watchdog.wait(sent), "the other source's sender waited for the dispose")
      }
    }
    let trigger = PublishSubject<Int>()
    let source = Observable.merge(failing, trigger)
    let observable: Observable<Int> =
      switch name {
      case "flatMap": Observable.of(source, other.asObservable()).flatMap { $0 }
      case "merge": Observable.of(source, other.asObservable()).merge()
      case "combineLatest": Observable.combineLatest(source, other) { $0 + $1 }
      case "zip": Observable.zip(source, other) { $0 + $1 }
      default: source.sample(other)
      }
    let recorder = Recorder<Int>()
    let subscription = observable.subscribe(recorder)
    trigger.onError(TestError())
    #expect(recorder.error as? TestError == TestError())
    subscription.dispose()
  }
}

/// Operators whose sources send from several threads end with exactly one terminal event and send
/// nothing after it: the sink stops under the same lock that serializes its deliveries, not after
/// releasing it.
@Suite("Several senders at once: one terminal event, nothing after it")
struct OneTerminalEventTests {
  /// How many times each race is run; each run is one chance for an event to slip in.
  static let rounds = 200

  /// The race: `racers` send at once on their own threads to a fresh subscription; `rounds` times.
  /// Returns the events each round's subscriber saw.
  private static func race<Element>(
    _ make: () -> (observable: Observable<Element>, racers: [@Sendable () -> Void])
  ) -> [[Event<Element>]] {
    (0..<rounds).map { _ in
      let (observable, racers) = make()
      let recorder = Recorder<Element>()
      let subscription = observable.subscribe(LingeringOnTheEnd(recorder: recorder))
      #expect(Watchdog.run(racers), "a sender did not return")
      subscription.dispose()
      return recorder.events
    }
  }

  /// Each round's events form one sequence: elements, then exactly one terminal event, last.
  private static func expectOneTerminalLast<Element>(_ rounds: [[Event<Element>]]) {
    let broken = rounds.filter { events in
      events.filter(\.isStopEvent).count != 1 || events.last?.isStopEvent != true
    }
    #expect(
      broken.isEmpty, "\(broken.count) of \(rounds.count) rounds; the first ends \(broken.first?.suffix(3) ?? [])")
  }

  @Test("merge: the source's error and an inner element at once")
  func mergeOuterErrorAndInnerElement() {
    Self.expectOneTerminalLast(
      Self.race {
        let outer = PublishSubject<Observable<Int>>()
        let inner = PublishSubject<Int>()
        let observable = outer.merge()
        return (
          observable.do(onSubscribed: { outer.onNext(inner.asObservable()) }),
          [
            { outer.onError(TestError()) },
            { for value in 0..<200 { inner.onNext(value) } },
          ]
        )
      })
  }

  @Test(
    "Two sources fail at once: one error",
    arguments: [
      "flatMap", "merge", "merge(maxConcurrent:)", "flatMapLatest", "zip", "combineLatest",
      "combineLatest of three", "withLatestFrom", "amb", "take(until:)", "sample",
    ])
  func twoErrors(operator name: String) {
    Self.expectOneTerminalLast(
      Self.race {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        return (
          Self.combining(name, first.asObservable(), second.asObservable()),
          [{ first.onError(TestError(id: 1)) }, { second.onError(TestError(id: 2)) }]
        )
      })
  }

  @Test(
    "One source fails while the other sends: nothing after the error",
    arguments: [
      "flatMap", "merge", "merge(maxConcurrent:)", "zip", "combineLatest", "combineLatest of three", "withLatestFrom",
      "take(until:)",
    ])
  func errorAndElements(operator name: String) {
    Self.expectOneTerminalLast(
      Self.race {
        let failing = PublishSubject<Int>()
        let sending = BehaviorSubject(value: 0)
        // With a value first, so that combinations form before the error.
        let failingAfterAValue = failing.startWith(0)
        let (first, second) =
          switch name {
          case "withLatestFrom": (sending.asObservable(), failingAfterAValue)
          case "take(until:)": (sending.asObservable(), failing.asObservable())
          default: (failingAfterAValue, sending.asObservable())
          }
        return (
          Self.combining(name, first, second),
          [{ failing.onError(TestError()) }, { for value in 1...200 { sending.onNext(value) } }]
        )
      })
  }

  /// The operator `name` over `first` and `second` ("combineLatest of three" adds a third source
  /// that has a value).
  private static func combining(_ name: String, _ first: Observable<Int>, _ second: Observable<Int>)
    -> Observable<Int>
  {
    switch name {
    case "flatMap": Observable.of(first, second).flatMap { $0 }
    case "merge": Observable.merge(first, second)
    case "merge(maxConcurrent:)": Observable.of(first, second).merge(maxConcurrent: 2)
    case "flatMapLatest": Observable.of(first, second).flatMapLatest { $0 }
    case "zip": Observable.zip(first, second) { $0 + $1 }
    case "combineLatest": Observable.combineLatest(first, second) { $0 + $1 }
    case "combineLatest of three":
      Observable.combineLatest(first, second, BehaviorSubject(value: 0)) { $0 + $1 + $2 }
    case "withLatestFrom": first.withLatestFrom(second)
    case "amb": first.amb(second)
    case "take(until:)": first.take(until: second)
    case "sample": first.sample(second)
    default: preconditionFailure("no operator named \(name)")
    }
  }
}

/// Records events, and takes a moment over a terminal event, so that another sender reaches the
/// operator's lock while the terminal event is still being delivered.
private struct LingeringOnTheEnd<Element>: ObserverType {
  let recorder: Recorder<Element>

  func on(_ event: Event<Element>) {
    recorder.on(event)
    if event.isStopEvent { usleep(50) }
  }
}
