import Streams
import StreamsTest
import Testing

// RxSwift-style code relying on RxSwift 6's run-time rules, compiled in Swift 5 mode.
@Suite("RxSwift 6 rules, Swift 5 mode")
struct SemanticsSwift5Tests {
  @Test("combineLatest of two of(...) interleaves as in RxSwift: 1a, 2a, 2b")
  func combineLatestOfOf() {
    var printed: [String] = []
    let bag = DisposeBag()
    Observable.combineLatest(Observable.of(1, 2), Observable.of("a", "b")) { "\($0)\($1)" }
      .subscribe(onNext: { printed.append($0) })
      .disposed(by: bag)
    #expect(printed == ["1a", "2a", "2b"])
  }

  @Test("replayAll() after a reconnect: a fresh buffer, as in RxSwift")
  func replayReconnect() {
    let subject = PublishSubject<Int>()
    let replayed = subject.replayAll()
    var connection = replayed.connect()
    subject.onNext(1)
    connection.dispose()
    connection = replayed.connect()
    subject.onNext(2)
    var late: [Int] = []
    let subscription = replayed.subscribe(onNext: { late.append($0) })
    #expect(late == [2])
    subscription.dispose()
    connection.dispose()
  }

  @Test("zip of a never-ending and an empty sequence never completes; skip(until: empty) sends nothing")
  func zipAndSkipUntil() {
    var zipCompleted = false
    _ = Observable.zip(Observable<Int>.never(), Observable<Int>.empty())
      .subscribe(onCompleted: { zipCompleted = true })
    #expect(!zipCompleted)
    var events = 0
    _ = Observable.of(1, 2).skip(until: Observable<Int>.empty())
      .subscribe(onNext: { _ in events += 1 }, onCompleted: { events += 1 })
    #expect(events == 0)
  }

  @Test("subscribe(on:) disposes the source one tick after it completes")
  func subscribeOnDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let observer = scheduler.start { source.subscribe(on: scheduler) }
    #expect(observer.events == [.next(210, 1), .completed(300)])
    #expect(source.subscriptions == [Subscription(201, 301)])
  }
}
