import Streams
import StreamsTest
import Testing

@Suite("Infallible's own operators keep the result infallible")
struct InfallibleOperatorTests {
  @Test("element operators return Infallible and send what the observable operators send")
  func elementOperators() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 3), .completed(250),
    ])
    .asInfallible(onErrorJustReturn: -1)
    let observer = scheduler.start { () -> Observable<String> in
      let distinct: Infallible<Int> = source.distinctUntilChanged()
      let compact: Infallible<Int> = distinct.compactMap { $0 == 2 ? nil : $0 }
      let scanned: Infallible<Int> = compact.scan(0, accumulator: +)
      let started: Infallible<Int> = scanned.startWith(100)
      let filtered: Infallible<Int> = started.filter { $0 != 1 }
      let mapped: Infallible<String> = filtered.map { "\($0)" }
      let result: Infallible<String> = mapped.take(3)
      return result.asObservable()
    }
    #expect(observer.events == [.next(200, "100"), .next(240, "4"), .completed(250)])
  }

  @Test("create takes the top-level InfallibleEvent; events after completion are ignored")
  func create() {
    var send: ((InfallibleEvent<Int>) -> Void)?
    let infallible = Infallible<Int>.create { observer in
      send = observer
      return Disposables.create()
    }
    var received: [String] = []
    _ = infallible.subscribe { (event: InfallibleEvent<Int>) in
      switch event {
      case .next(let element): received.append("\(element)")
      case .completed: received.append("done")
      }
    }
    send?(.next(1))
    send?(.completed)
    send?(.next(2))
    #expect(received == ["1", "done"])
  }

  @Test("of and from send one element per step of the scheduler; timer and interval are infallible")
  func constructors() {
    let scheduler = TestScheduler(initialClock: 0)
    let of = scheduler.start { Infallible.of(1, 2, scheduler: scheduler).asObservable() }
    #expect(of.events == [.next(201, 1), .next(202, 2), .completed(203)])
    let from = TestScheduler(initialClock: 0).start { Infallible.from([7]).asObservable() }
    #expect(from.events == [.next(200, 7), .completed(200)])
    let timerScheduler = TestScheduler(initialClock: 0)
    let timer = timerScheduler.start(disposed: 235) { () -> Observable<Int> in
      let interval: Infallible<Int> = Infallible<Int>.interval(.seconds(10), scheduler: timerScheduler)
      return interval.asObservable()
    }
    #expect(timer.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
  }

  @Test("combineLatest and zip of infallible sources return Infallible for 2–8 sources")
  func combineLatestAndZip() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<8).map { index in
      scheduler.createHotObservable([.next(210 + index, index), .completed(300)]).asInfallible(onErrorJustReturn: 0)
    }
    let combined = scheduler.start { () -> Observable<Int> in
      let result: Infallible<Int> = Infallible.combineLatest(
        sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]
      ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
      return result.asObservable()
    }
    #expect(combined.events == [.next(217, 28), .completed(300)])
    let zipScheduler = TestScheduler(initialClock: 0)
    let a = zipScheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)]).asInfallible(
      onErrorJustReturn: 0)
    let b = zipScheduler.createHotObservable([.next(215, "a"), .completed(300)]).asInfallible(onErrorJustReturn: "")
    let zipped = zipScheduler.start { () -> Observable<String> in
      let pairs: Infallible<(Int, String)> = Infallible.zip(a, b)
      return pairs.map { "\($0)\($1)" }.asObservable()
    }
    #expect(zipped.events == [.next(215, "1a"), .completed(300)])
  }

  @Test("merge and concat of infallible sequences return Infallible")
  func mergeAndConcat() {
    let merged = Recorder<Int>()
    let mergedInfallible: Infallible<Int> = Infallible.merge(AnyCollection([Infallible.just(1), Infallible.just(2)]))
    _ = mergedInfallible.subscribe(merged)
    #expect(merged.elements == [1, 2] && merged.isCompleted)
    let concatenated = Recorder<Int>()
    let concatInfallible: Infallible<Int> = Infallible.concat([Infallible.just(1), .just(2)]).concat(Infallible.just(3))
    _ = concatInfallible.subscribe(concatenated)
    #expect(concatenated.elements == [1, 2, 3] && concatenated.isCompleted)
  }

  @Test("flatMapLatest and withLatestFrom on Infallible return Infallible")
  func flatteningAndWithLatestFrom() {
    let trigger = PublishSubject<Int>()
    let latest = BehaviorSubject(value: "x")
    let recorder = Recorder<String>()
    let result: Infallible<String> = trigger.asInfallible(onErrorJustReturn: 0)
      .withLatestFrom(latest.asInfallible(onErrorJustReturn: "")) { "\($0)\($1)" }
      .flatMapLatest { Infallible.just($0 + "!") }
    _ = result.subscribe(recorder)
    trigger.onNext(1)
    latest.onNext("y")
    trigger.onNext(2)
    #expect(recorder.elements == ["1x!", "2y!"])
  }

  @Test("withUnretained on Infallible returns Infallible and completes once the object is gone")
  func withUnretained() {
    final class Owner {}
    var owner: Owner? = Owner()
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    let result: Infallible<Int> = subject.asInfallible(onErrorJustReturn: 0).withUnretained(owner!) { $1 }
    _ = result.subscribe(recorder)
    subject.onNext(1)
    owner = nil
    subject.onNext(2)
    #expect(recorder.elements == [1] && recorder.isCompleted)
  }
}

@Suite("asInfallible and Infallible")
struct AsInfallibleTests {
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
