import Streams
import StreamsTest
import Testing

// RxSwift-style flattening as written before Swift 6: a cache that answers some lookups at once
// with `just` and others with a request, merged, switched and concatenated.

private final class Lookup {
  let cache: [String: Int]
  let requests = PublishSubject<(String, Int)>()

  init(cache: [String: Int]) {
    self.cache = cache
  }

  func value(for key: String) -> Observable<Int> {
    if let cached = cache[key] { return .just(cached) }
    return requests.filter { $0.0 == key }.map { $0.1 }.take(1)
  }
}

@Suite("Flattening (Swift 5)")
struct FlatteningSwift5Tests {
  @Test func cachedAndRequestedValuesMerge() {
    let lookup = Lookup(cache: ["a": 1])
    let keys = PublishSubject<String>()
    var values: [Int] = []
    var completed = false
    let disposeBag = DisposeBag()
    keys.flatMap { lookup.value(for: $0) }
      .subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
      .disposed(by: disposeBag)
    keys.onNext("b")
    keys.onNext("a")
    keys.onCompleted()
    #expect(values == [1])
    #expect(!completed)  // "b" is still being requested.
    lookup.requests.onNext(("b", 2))
    #expect(values == [1, 2])
    #expect(completed)
  }

  @Test func latestLookupWins() {
    let scheduler = TestScheduler(initialClock: 0)
    let slow = scheduler.createColdObservable([.next(30, 9), .completed(30)])
    let keys = scheduler.createHotObservable([.next(210, "slow"), .next(220, "cached"), .completed(230)])
    let observer = scheduler.start {
      keys.flatMapLatest { key -> Observable<Int> in key == "cached" ? .just(1) : slow.asObservable() }
    }
    #expect(observer.events == [.next(220, 1), .completed(230)])
    #expect(slow.subscriptions == [Subscription(210, 220)])
  }

  @Test func concatKeepsOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let slow = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let observer = scheduler.start {
      Observable.of(slow.asObservable(), .just(2), .just(3)).concat()
    }
    #expect(observer.events == [.next(210, 1), .next(210, 2), .next(210, 3), .completed(210)])
  }
}
