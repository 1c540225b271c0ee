import Streams
import StreamsTest
import Testing

// A search box's pipeline as an RxSwift user writes it before Swift 6: the query's running history
// with scan, repeated queries dropped with distinctUntilChanged, the initial value skipped, and the
// first few results taken. This target compiles in Swift 5 language mode.

@Suite struct StatefulOperatorsSwift5Tests {
  @Test func searchPipeline() {
    let scheduler = TestScheduler(initialClock: 0)
    let queries = scheduler.createHotObservable([
      .next(210, "a"), .next(220, "a"), .next(230, "ab"), .next(240, "abc"), .next(250, "x"), .completed(300),
    ])
    let observer = scheduler.start {
      queries
        .distinctUntilChanged()
        .scan(into: [String]()) { history, query in history.append(query) }
        .map { $0.count }
        .skip(1)
        .take(2)
    }
    #expect(observer.events == [.next(230, 2), .next(240, 3), .completed(240)])
    #expect(queries.subscriptions == [Subscription(200, 240)])
  }

  @Test func takeAndSkipWhile() {
    let subject = PublishSubject<Int>()
    var taken: [Int] = []
    var skipped: [Int] = []
    let bag = DisposeBag()
    subject.take(while: { $0 < 3 }, behavior: .inclusive).subscribe(onNext: { taken.append($0) }).disposed(by: bag)
    subject.skip(while: { $0 < 3 }).subscribe(onNext: { skipped.append($0) }).disposed(by: bag)
    for value in [1, 2, 5, 1] { subject.onNext(value) }
    #expect(taken == [1, 2, 5])
    #expect(skipped == [5, 1])
  }
}
