import Streams
import StreamsTest
import Testing

/// At the same virtual time, which comes first: the terminal event downstream, or the disposal of
/// upstream (and of inner and other sources)? Each expectation is the log RxSwift 6.10 writes for
/// the same code, recorded by running it on RxSwift itself; TheContract.md lists them.
@Suite("Terminal event and disposal order (RxSwift 6 rules)")
struct TerminalOrderSemanticsTests {
  /// Labels a source's disposal in the log of one ``order(error:_:)`` run.
  typealias Tag = (String, Observable<Int>) -> Observable<Int>

  /// Subscribes at 200 to what `build` makes of a hot source (`1` at 210, `2` at 220, then
  /// `completed` or an error at 300), disposes at 1000, and returns the subscriber's events and
  /// every tagged source's disposal in the order they happened, each with its virtual time.
  func order<Result>(
    error: Bool = false, _ build: (TestScheduler, Observable<Int>, @escaping Tag) -> Observable<Result>
  ) -> [String] {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log()
    let tag: Tag = { label, source in source.do(onDispose: { log("dispose \(label)@\(scheduler.clock)") }) }
    let source = scheduler.createHotObservable(
      [.next(210, 1), .next(220, 2), error ? .error(300, TestError()) : .completed(300)])
    let result = build(scheduler, tag("src", source.asObservable()), tag)
    var subscription: Disposable?
    _ = scheduler.scheduleAt(200) {
      subscription = result.subscribe(
        onNext: { log("next(\($0))@\(scheduler.clock)") }, onError: { _ in log("error@\(scheduler.clock)") },
        onCompleted: { log("completed@\(scheduler.clock)") })
    }
    _ = scheduler.scheduleAt(1000) { subscription?.dispose() }
    scheduler.start()
    return log.entries
  }

  func hot(_ scheduler: TestScheduler, _ events: [Recorded<Event<Int>>]) -> Observable<Int> {
    scheduler.createHotObservable(events).asObservable()
  }

  @Test("Transforming and utility operators: RxSwift 6's order of the terminal event and disposal")
  func transformingAndUtility() {
    #expect(
      order { _, src, _ in src.map { $0 } } == ["next(1)@210", "next(2)@220", "completed@300", "dispose src@300"])
    #expect(
      order(error: true) { _, src, _ in src.map { $0 } } == [
        "next(1)@210", "next(2)@220", "error@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.compactMap { $0 } } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.scan(0, accumulator: +) } == [
        "next(1)@210", "next(3)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.enumerated().map { $0.element } } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.materialize().map { _ in 0 } } == [
        "next(0)@210", "next(0)@220", "next(0)@300", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.startWith(0) } == [
        "next(0)@200", "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.groupBy { $0 }.flatMap { $0.asObservable() } } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.do(onNext: { _ in }) } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in Observable.deferred { src } } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in Observable.using({ BooleanDisposable() }, observableFactory: { _ in src }) } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.asInfallible(onErrorJustReturn: 0).asObservable() } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { _, src, _ in src.reduce(0, accumulator: +) } == ["next(3)@300", "completed@300", "dispose src@300"])
    #expect(
      order { _, src, _ in src.toArray().asObservable().map { $0.count } } == [
        "next(2)@300", "completed@300", "dispose src@300",
      ])
    #expect(
      order(error: true) { _, src, _ in src.groupBy { $0 }.flatMap { $0.asObservable() } } == [
        "next(1)@210", "next(2)@220", "error@300", "dispose src@300",
      ])
  }

  @Test("Filtering operators: RxSwift 6's order of the terminal event and disposal")
  func filtering() {
    #expect(
      order { _, src, _ in src.filter { _ in true } } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(order { _, src, _ in src.take(1) } == ["next(1)@210", "completed@210", "dispose src@210"])
    #expect(order { _, src, _ in src.take(while: { $0 < 2 }) } == ["next(1)@210", "completed@220", "dispose src@220"])
    #expect(order { _, src, _ in src.takeLast(1) } == ["next(2)@300", "completed@300", "dispose src@300"])
    #expect(order { _, src, _ in src.skip(1) } == ["next(2)@220", "completed@300", "dispose src@300"])
    #expect(
      order { _, src, _ in src.distinctUntilChanged() } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(order { _, src, _ in src.element(at: 0) } == ["next(1)@210", "completed@210", "dispose src@210"])
    #expect(
      order { _, src, _ in src.first().asObservable().map { $0 ?? -1 } } == [
        "next(1)@210", "completed@210", "dispose src@210",
      ])
    #expect(
      order { _, src, _ in src.take(1).asSingle().asObservable() } == [
        "next(1)@210", "completed@210", "dispose src@210",
      ])
    #expect(order { _, src, _ in src.single() } == ["next(1)@210", "error@220", "dispose src@220"])
    #expect(
      order { _, src, _ in src.ignoreElements() } == ["completed@300", "dispose src@300"])
    #expect(
      order { s, src, tag in src.take(until: tag("other", hot(s, [.next(250, 9)]))) } == [
        "next(1)@210", "next(2)@220", "completed@250", "dispose src@250", "dispose other@250",
      ])
    #expect(
      order { s, src, tag in src.skip(until: tag("other", hot(s, [.next(205, 9), .completed(206)]))) } == [
        "dispose other@205", "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, tag in src.take(until: tag("other", hot(s, [.next(500, 9)]))) } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300", "dispose other@300",
      ])
    #expect(
      order { s, src, tag in src.take(until: tag("other", hot(s, [.error(250, TestError())]))) } == [
        "next(1)@210", "next(2)@220", "error@250", "dispose src@250", "dispose other@250",
      ])
  }

  @Test("Error handling operators: RxSwift 6's order of the terminal event and disposal")
  func errorHandling() {
    #expect(
      order { s, src, tag in src.catch { _ in tag("other", hot(s, [.next(310, 7), .completed(320)])) } } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order(error: true) { s, src, tag in src.catch { _ in tag("other", hot(s, [.next(310, 7), .completed(320)])) } }
        == ["next(1)@210", "next(2)@220", "dispose src@300", "next(7)@310", "completed@320", "dispose other@320"])
    #expect(
      order(error: true) { _, src, _ in src.catchAndReturn(5) } == [
        "next(1)@210", "next(2)@220", "next(5)@300", "completed@300", "dispose src@300",
      ])
    #expect(
      order(error: true) { _, src, _ in src.retry(2) } == [
        "next(1)@210", "next(2)@220", "dispose src@300", "dispose src@1000",
      ])
    #expect(
      order { s, src, tag in
        src.filter { _ in false }.ifEmpty(switchTo: tag("other", hot(s, [.next(310, 7), .completed(320)])))
      } == ["dispose src@300", "next(7)@310", "completed@320", "dispose other@320"])
    #expect(
      order { _, src, _ in src.catchAndReturn(5) } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
  }

  @Test("Combining operators: RxSwift 6's order of the terminal event and disposal")
  func combining() {
    #expect(
      order { s, src, tag in Observable.concat([src, tag("other", hot(s, [.next(310, 7), .completed(320)]))]) } == [
        "next(1)@210", "next(2)@220", "dispose src@300", "next(7)@310", "completed@320", "dispose other@320",
      ])
    #expect(
      order { s, src, tag in Observable.merge([src, tag("other", hot(s, [.next(250, 7), .completed(260)]))]) } == [
        "next(1)@210", "next(2)@220", "next(7)@250", "dispose other@260", "dispose src@300", "completed@300",
      ])
    #expect(
      order(error: true) { s, src, tag in Observable.merge([src, tag("other", hot(s, [.next(250, 7)]))]) } == [
        "next(1)@210", "next(2)@220", "next(7)@250", "error@300", "dispose src@300", "dispose other@300",
      ])
    #expect(
      order { s, src, tag in
        Observable.combineLatest(src, tag("other", hot(s, [.next(215, 7), .completed(400)]))) { $0 + $1 }
      } == ["next(8)@215", "next(9)@220", "dispose src@300", "dispose other@400", "completed@400"])
    #expect(
      order(error: true) { s, src, tag in
        Observable.combineLatest(src, tag("other", hot(s, [.next(215, 7)]))) { $0 + $1 }
      } == ["next(8)@215", "next(9)@220", "dispose src@300", "error@300", "dispose other@300"])
    #expect(
      order { s, src, tag in Observable.zip(src, tag("other", hot(s, [.next(215, 7), .completed(250)]))) { $0 + $1 } }
        == ["next(8)@215", "dispose other@250", "dispose src@300", "completed@300"])
    #expect(
      order { s, src, tag in src.withLatestFrom(tag("other", hot(s, [.next(205, 7)]))) } == [
        "next(7)@210", "next(7)@220", "completed@300", "dispose src@300", "dispose other@300",
      ])
    #expect(
      order { s, src, tag in src.sample(tag("other", hot(s, [.next(250, 7), .completed(400)]))) } == [
        "next(2)@250", "dispose src@300", "completed@400", "dispose other@400",
      ])
    #expect(
      order { s, src, tag in src.amb(tag("other", hot(s, [.next(250, 7), .completed(400)]))) } == [
        "dispose other@210", "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, tag in
        Observable.combineLatest(tag("other", hot(s, [.next(215, 7), .completed(400)])), src) { $0 + $1 }
      } == ["next(8)@215", "next(9)@220", "dispose src@300", "dispose other@400", "completed@400"])
    #expect(
      order { s, src, tag in Observable.zip(tag("other", hot(s, [.next(215, 7), .completed(250)])), src) { $0 + $1 } }
        == ["next(8)@215", "dispose other@250", "dispose src@300", "completed@300"])
    #expect(
      order { s, src, tag in src.withLatestFrom(tag("other", hot(s, [.next(205, 7), .error(250, TestError())]))) } == [
        "next(7)@210", "next(7)@220", "error@250", "dispose src@250", "dispose other@250",
      ])
    #expect(
      order { s, src, tag in
        Observable.combineLatest(
          src, tag("other", hot(s, [.next(215, 7), .completed(400)])),
          tag("third", hot(s, [.next(205, 1), .completed(350)]))
        ) { $0 + $1 + $2 }
      } == [
        "next(9)@215", "next(10)@220", "dispose src@300", "dispose third@350", "dispose other@400", "completed@400",
      ])
    #expect(
      order { s, src, tag in
        Observable.zip(
          src, tag("other", hot(s, [.next(215, 7), .completed(250)])),
          tag("third", hot(s, [.next(205, 1), .completed(260)]))
        ) { $0 + $1 + $2 }
      } == ["next(9)@215", "dispose other@250", "dispose third@260", "dispose src@300", "completed@300"])
    #expect(
      order { s, src, tag in
        Observable.combineLatest([src, tag("other", hot(s, [.next(215, 7), .completed(400)]))]) { $0.reduce(0, +) }
      } == ["next(8)@215", "next(9)@220", "dispose src@300", "completed@400", "dispose other@400"])
  }

  @Test("Flattening operators: RxSwift 6's order of the terminal event and disposal")
  func flattening() {
    #expect(
      order { s, src, tag in src.flatMap { _ in tag("inner", hot(s, [.next(230, 7), .completed(240)])) } } == [
        "next(7)@230", "next(7)@230", "dispose inner@240", "dispose inner@240", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, tag in src.flatMap { _ in tag("inner", hot(s, [.next(230, 7), .completed(400)])) } } == [
        "next(7)@230", "next(7)@230", "dispose src@300", "dispose inner@400", "dispose inner@400", "completed@400",
      ])
    #expect(
      order { s, src, tag in src.flatMap { _ in tag("inner", hot(s, [.next(230, 7), .error(250, TestError())])) } } == [
        "next(7)@230", "next(7)@230", "error@250", "dispose src@250", "dispose inner@250", "dispose inner@250",
      ])
    #expect(
      order { s, src, tag in src.flatMapLatest { _ in tag("inner", hot(s, [.next(230, 7), .completed(400)])) } } == [
        "dispose inner@220", "next(7)@230", "dispose src@300", "dispose inner@400", "completed@400",
      ])
    #expect(
      order { s, src, tag in src.flatMapFirst { _ in tag("inner", hot(s, [.next(230, 7), .completed(400)])) } } == [
        "next(7)@230", "dispose src@300", "dispose inner@400", "completed@400",
      ])
    #expect(
      order { s, src, tag in src.concatMap { _ in tag("inner", hot(s, [.next(330, 7), .completed(400)])) } } == [
        "dispose src@300", "next(7)@330", "dispose inner@400", "dispose inner@400", "completed@400",
      ])
    #expect(
      order { s, src, tag in src.flatMapLatest { _ in tag("inner", hot(s, [.next(230, 7), .completed(240)])) } } == [
        "dispose inner@220", "next(7)@230", "dispose inner@240", "dispose src@300", "completed@300",
      ])
    #expect(
      order { s, src, tag in src.flatMapFirst { _ in tag("inner", hot(s, [.next(230, 7), .completed(240)])) } } == [
        "next(7)@230", "dispose inner@240", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, tag in src.concatMap { _ in tag("inner", hot(s, [.next(230, 7), .completed(240)])) } } == [
        "next(7)@230", "dispose inner@240", "dispose inner@240", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, tag in
        src.map { _ in tag("inner", hot(s, [.next(230, 7), .completed(240)])) }.merge(maxConcurrent: 1)
      } == ["next(7)@230", "dispose inner@240", "dispose inner@240", "completed@300", "dispose src@300"])
    #expect(
      order { s, src, tag in src.flatMapLatest { _ in tag("inner", hot(s, [.next(230, 7), .error(250, TestError())])) }
      } == ["dispose inner@220", "next(7)@230", "dispose inner@250", "error@250", "dispose src@250"])
  }

  @Test("Time operators: RxSwift 6's order of the terminal event and disposal")
  func time() {
    #expect(
      order { s, src, _ in src.take(for: .seconds(15), scheduler: s) } == [
        "next(1)@210", "completed@215", "dispose src@215",
      ])
    #expect(
      order { s, src, _ in src.debounce(.seconds(5), scheduler: s) } == [
        "next(1)@215", "next(2)@225", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, _ in src.throttle(.seconds(5), scheduler: s) } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, _ in src.delay(.seconds(5), scheduler: s) } == [
        "next(1)@215", "next(2)@225", "dispose src@300", "completed@305",
      ])
    #expect(
      order(error: true) { s, src, _ in src.delay(.seconds(5), scheduler: s) } == [
        "next(1)@215", "next(2)@225", "dispose src@300", "error@300",
      ])
    #expect(
      order { s, src, _ in src.timeout(.seconds(50), scheduler: s) } == [
        "next(1)@210", "next(2)@220", "error@270", "dispose src@270",
      ])
    #expect(
      order { s, src, tag in
        src.timeout(.seconds(50), other: tag("other", hot(s, [.next(280, 7), .completed(290)])), scheduler: s)
      } == ["next(1)@210", "next(2)@220", "dispose src@270", "next(7)@280", "completed@290", "dispose other@290"])
    #expect(
      order { s, src, _ in src.buffer(timeSpan: .seconds(100), count: 5, scheduler: s).map { $0.count } } == [
        "next(2)@300", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, _ in src.observe(on: s) } == ["next(1)@211", "next(2)@221", "dispose src@300", "completed@301"])
    #expect(
      order { s, src, _ in src.subscribe(on: s) } == ["next(1)@210", "next(2)@220", "completed@300", "dispose src@300"])
    #expect(
      order { s, src, _ in src.window(timeSpan: .seconds(100), count: 5, scheduler: s).flatMap { $0 } } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order { s, src, _ in src.timeout(.seconds(500), scheduler: s) } == [
        "next(1)@210", "next(2)@220", "completed@300", "dispose src@300",
      ])
    #expect(
      order(error: true) { s, src, _ in src.window(timeSpan: .seconds(100), count: 5, scheduler: s).flatMap { $0 } }
        == ["next(1)@210", "next(2)@220", "error@300", "dispose src@300"])
  }

  @Test("Sharing operators: RxSwift 6's order of the terminal event and disposal")
  func sharing() {
    #expect(order { _, src, _ in src.share() } == ["next(1)@210", "next(2)@220", "completed@300", "dispose src@300"])
    #expect(
      order(error: true) { _, src, _ in src.share() } == ["next(1)@210", "next(2)@220", "error@300", "dispose src@300"])
    #expect(
      order { _, src, _ in src.share(replay: 1) } == ["next(1)@210", "next(2)@220", "completed@300", "dispose src@300"])
    #expect(
      order { _, src, _ in src.share(replay: 2) } == ["next(1)@210", "next(2)@220", "dispose src@300", "completed@300"])
    #expect(
      order { _, src, _ in src.share(replay: 1, scope: .forever) } == [
        "next(1)@210", "next(2)@220", "dispose src@300", "completed@300",
      ])
    #expect(
      order { _, src, _ in src.share(scope: .forever) } == [
        "next(1)@210", "next(2)@220", "dispose src@300", "completed@300",
      ])
    #expect(
      order { _, src, _ in src.publish().refCount() } == [
        "next(1)@210", "next(2)@220", "dispose src@300", "completed@300",
      ])
    #expect(
      order { _, src, _ in src.replay(1).refCount() } == [
        "next(1)@210", "next(2)@220", "dispose src@300", "completed@300",
      ])
    #expect(
      order { _, src, _ in src.multicast({ PublishSubject<Int>() }, selector: { $0 }) } == [
        "next(1)@210", "next(2)@220", "dispose src@300", "completed@300",
      ])
  }

  @Test("Traits: RxSwift 6's order of the terminal event and disposal")
  func traits() {
    #expect(order { _, src, _ in src.asSingle().asObservable() } == ["error@220", "dispose src@220"])
    #expect(
      order { _, src, _ in src.take(1).asMaybe().asObservable() } == [
        "next(1)@210", "completed@210", "dispose src@210",
      ])
    #expect(
      order { _, src, _ in src.ignoreElements().asCompletable().asObservable() } == [
        "completed@300", "dispose src@300",
      ])
  }

}
