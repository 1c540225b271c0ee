import Streams
import StreamsTest
import Testing

// combineLatest, zip, merge, concat and Infallible written the way RxSwift code writes them,
// compiled in Swift 5 language mode.
@Suite("Combinators in Swift 5 mode")
struct CombinatorsSwift5Tests {
  @Test("combineLatest and zip of five sources, tuple and selector forms")
  func combineLatestAndZip() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, 10), .completed(300)])
    let c = scheduler.createHotObservable([.next(230, 100), .completed(300)])
    let d = scheduler.createHotObservable([.next(230, 1000), .completed(300)])
    let e = scheduler.createHotObservable([.next(240, 10000), .completed(300)])

    let latest = scheduler.start {
      Observable.combineLatest(a, b, c, d, e).map { $0 + $1 + $2 + $3 + $4 }
    }
    #expect(latest.events == [.next(240, 11111), .next(250, 11112), .completed(300)])

    let zipScheduler = TestScheduler(initialClock: 0)
    let x = zipScheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let y = zipScheduler.createHotObservable([.next(215, 10), .next(225, 20), .completed(300)])
    let zipped = zipScheduler.start {
      Observable<Int>.zip([x.asObservable(), y.asObservable()]).map { $0.reduce(0, +) }
    }
    #expect(zipped.events == [.next(215, 11), .next(225, 22), .completed(300)])
  }

  @Test("merge over AnyCollection, concat over an array, Infallible.combineLatest")
  func mergeConcatInfallible() {
    var merged: [Int] = []
    _ = Observable.merge(AnyCollection([Observable.just(1), Observable.just(2)])).subscribe(onNext: {
      merged.append($0)
    })
    #expect(merged == [1, 2])

    var concatenated: [Int] = []
    _ = Observable.concat([Observable.just(1), Observable.just(2)]).subscribe(onNext: { concatenated.append($0) })
    #expect(concatenated == [1, 2])

    var combined: [String] = []
    _ = Infallible.combineLatest(Infallible.just(1), Infallible.just("a")) { "\($0)\($1)" }
      .subscribe(onNext: { combined.append($0) })
    #expect(combined == ["1a"])
  }
}
