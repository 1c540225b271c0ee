import Dispatch
import Foundation
import Streams
import Testing

/// Operators whose sources send from several threads end with exactly one terminal event and send
/// nothing after it: the sink stops under the same lock that serializes its deliveries, not after
/// releasing it.
@Suite("Several senders at once: one terminal event, nothing after it")
struct TerminalRaceTests {
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
