import Foundation
import Streams
import StreamsBlocking
import StreamsTest
import Testing

// RxTest- and RxBlocking-style code as RxSwift users write it, in Swift 5 language mode: a
// virtual-time scheduler subclass with a plain converter, trait starts, XCTAssertEqual on
// recorded events, and toBlocking.

/// One virtual unit is ten seconds (a converter without any Sendable annotation).
struct TenSecondConverter: VirtualTimeConverterType {
  typealias VirtualTimeUnit = Int
  typealias VirtualTimeIntervalUnit = Int

  func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    Date(timeIntervalSince1970: TimeInterval(virtualTime) * 10)
  }
  func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970 / 10) }
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
    TimeInterval(virtualTimeInterval * 10)
  }
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int(timeInterval / 10) }
  func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
  func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    if lhs < rhs { return .lessThan }
    if lhs > rhs { return .greaterThan }
    return .equal
  }
}

// Schedulers are Sendable in Streams, so a subclass restates the base's `@unchecked Sendable`;
// without it the compiler warns (in Swift 5 mode too), but the RxSwift code still builds.
final class TenSecondScheduler: VirtualTimeScheduler<TenSecondConverter>, @unchecked Sendable {
  init(initialClock: Int = 0) {
    super.init(initialClock: initialClock, converter: TenSecondConverter())
  }
}

@Suite struct RxTestSwift5Tests {
  @Test func virtualTimeSubclass() {
    let scheduler = TenSecondScheduler()
    var times: [Int] = []
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      return scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    #expect(times == [1, 1, 3])
  }

  @Test func traitsUnderTestScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 42), .completed(20)])
    let res = scheduler.start { xs.asSingle() }
    XCTAssertEqual(res.events, [.next(220, 42), .completed(220)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])

    var events: [SingleEvent<Int>] = []
    _ = Single.just(1).subscribe { events.append($0) }
    XCTAssertEqual(events, [.success(1)])

    var maybeEvents: [MaybeEvent<Int>] = []
    _ = Maybe<Int>.empty().subscribe { maybeEvents.append($0) }
    XCTAssertEqual(maybeEvents, [.completed])
  }

  @Test func historicalAndBlocking() throws {
    let scheduler = HistoricalScheduler()
    var fired: [TimeInterval] = []
    _ = Observable<Int>.timer(.seconds(5), scheduler: scheduler)
      .subscribe(onNext: { _ in fired.append(scheduler.now.timeIntervalSince1970) })
    scheduler.advanceTo(Date(timeIntervalSince1970: 10))
    #expect(fired == [5])

    #expect(try Observable.of(1, 2, 3).toBlocking(timeout: 1).toArray() == [1, 2, 3])
    #expect(throws: StreamsError.timeout) { try Observable<Int>.never().toBlocking(timeout: 0.01).first() }
  }
}

/// RxTest's XCTAssertEqual for `Equatable` values that are not events, written here as RxSwift
/// suites get it from XCTest.
private func XCTAssertEqual<T: Equatable>(_ lhs: T, _ rhs: T) {
  #expect(lhs == rhs)
}
