import Streams
import StreamsTest
import Testing

@Suite("take(until:), skip(until:), debug, Infallible")
struct MoreOperatorTests {
  @Test("take(until:) completes when the other source sends and disposes both")
  func takeUntil() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
    let stop = scheduler.createHotObservable([.next(230, ()), .completed(260)])
    let observer = scheduler.start { source.take(until: stop) }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
    #expect(stop.subscriptions == [Subscription(200, 230)])
  }

  @Test("take(until:): the other source completing changes nothing")
  func takeUntilOtherCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
    let stop = scheduler.createHotObservable([.completed(220)] as [Recorded<Event<Int>>])
    let observer = scheduler.start { source.take(until: stop) }
    #expect(observer.events == [.next(210, 1), .next(240, 2), .completed(250)])
  }

  @Test("skip(until:) drops elements until the other source sends")
  func skipUntil() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
    let start = scheduler.createHotObservable([.next(220, ())])
    let observer = scheduler.start { source.skip(until: start) }
    #expect(observer.events == [.next(230, 2), .completed(250)])
    #expect(start.subscriptions == [Subscription(200, 220)])
  }

  @Test("debug prints subscription, events and disposal")
  func debug() {
    let lines = Log()
    _ = Observable.of(1).debug("numbers", print: { lines($0) }).subscribe()
    let suffixes = lines.entries.map { String($0.split(separator: ">").last ?? "").trimmingCharacters(in: .whitespaces) }
    #expect(suffixes == ["subscribed", "Event next(1)", "Event completed", "isDisposed"])
    #expect(lines.entries.allSatisfy { $0.contains(": numbers -> ") })
  }

  @Test("asInfallible turns errors into a fallback; Infallible needs no error handler")
  func infallible() {
    let recovered = Recorder<Int>()
    _ = Observable<Int>.error(TestError()).asInfallible(onErrorJustReturn: 0).map { $0 + 1 }.subscribe(recovered)
    #expect(recovered.elements == [1] && recovered.isCompleted)
    let fallback = Log()
    _ = Observable<Int>.error(TestError()).asInfallible(onErrorFallbackTo: .of(5, 6))
      .subscribe(onNext: { fallback("\($0)") }, onCompleted: { fallback("done") })
    #expect(fallback.entries == ["5", "6", "done"])
    let created = Recorder<String>()
    _ = Infallible<String>.create { observer in
      observer(.next("a"))
      observer(.completed)
      return Disposables.create()
    }.flatMapLatest { Infallible.just($0 + "!") }.subscribe(created)
    #expect(created.elements == ["a!"] && created.isCompleted)
  }
}
