import Streams
import Testing

@Suite("First operators")
struct OperatorTests {
  @Test("map, filter and compactMap transform synchronously")
  func transforms() {
    let recorder = Recorder<String>()
    _ = Observable.of(1, 2, 3, 4, 5)
      .map { $0 * 10 }
      .filter { $0 != 20 }
      .compactMap { $0 == 40 ? nil : "v\($0)" }
      .subscribe(recorder)
    #expect(recorder.elements == ["v10", "v30", "v50"])
    #expect(recorder.isCompleted)
  }

  @Test("take(0) completes without subscribing upstream")
  func takeZero() {
    let subscribed = Counter()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.deferred {
      subscribed.increment()
      return .of(1, 2)
    }.take(0).subscribe(recorder)
    #expect(subscribed.value == 0)
    #expect(recorder.isCompleted)
    #expect(recorder.elements.isEmpty)
  }

  @Test("take(n) completes after n elements and disposes upstream")
  func takeDisposesUpstream() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = subject.take(2).subscribe(recorder)
    subject.onNext(1)
    subject.onNext(2)
    #expect(!subject.hasObservers)
    subject.onNext(3)
    #expect(recorder.elements == [1, 2])
    #expect(recorder.isCompleted)
  }

  @Test("take stops an endless repeatElement on the trampoline")
  func takeStopsEndlessSource() {
    let recorder = Recorder<Int>()
    _ = Observable.repeatElement(7).take(3).subscribe(recorder)
    #expect(recorder.elements == [7, 7, 7])
    #expect(recorder.isCompleted)
  }

  @Test("skip(n) drops the first n elements; errors pass through")
  func skip() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = subject.skip(2).subscribe(recorder)
    for value in 1...4 { subject.onNext(value) }
    subject.onError(TestError(id: 3))
    #expect(recorder.elements == [3, 4])
    #expect(recorder.error as? TestError == TestError(id: 3))
  }

  @Test("share(): one upstream subscription for many subscribers, reconnects after all leave")
  func shareWhileConnected() {
    let subscriptions = Counter()
    let subject = PublishSubject<Int>()
    let shared = subject.do(onSubscribe: { subscriptions.increment() }).share()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let a = shared.subscribe(first)
    let b = shared.subscribe(second)
    subject.onNext(1)
    #expect(subscriptions.value == 1)
    #expect(first.elements == [1] && second.elements == [1])
    a.dispose()
    b.dispose()
    #expect(!subject.hasObservers)
    _ = shared.subscribe()
    #expect(subscriptions.value == 2)
  }

  @Test("share(replay:scope: .whileConnected) resets its buffer on reconnect")
  func shareReplayWhileConnected() {
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1, scope: .whileConnected)
    let first = shared.subscribe()
    subject.onNext(1)
    let late = Recorder<Int>()
    let second = shared.subscribe(late)
    #expect(late.elements == [1])
    first.dispose()
    second.dispose()
    let afterReconnect = Recorder<Int>()
    _ = shared.subscribe(afterReconnect)
    #expect(afterReconnect.elements.isEmpty)
  }

  @Test("share(replay:scope: .forever) keeps its buffer across reconnects")
  func shareReplayForever() {
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1, scope: .forever)
    let first = shared.subscribe()
    subject.onNext(1)
    first.dispose()
    #expect(!subject.hasObservers)
    let afterReconnect = Recorder<Int>()
    _ = shared.subscribe(afterReconnect)
    #expect(afterReconnect.elements == [1])
    #expect(subject.hasObservers)
  }

  @Test("share() after the source completes resubscribes for the next subscriber")
  func shareResubscribesAfterCompletion() {
    let subscriptions = Counter()
    let shared = Observable.of(1, 2).do(onSubscribe: { subscriptions.increment() }).share()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    _ = shared.subscribe(first)
    _ = shared.subscribe(second)
    #expect(first.elements == [1, 2])
    #expect(second.elements == [1, 2])
    #expect(subscriptions.value == 2)
  }

  @Test("publish() and connect(): nothing flows before connect; dispose disconnects")
  func publishConnect() {
    let subject = PublishSubject<Int>()
    let published = subject.publish()
    let recorder = Recorder<Int>()
    _ = published.subscribe(recorder)
    subject.onNext(1)
    let connection = published.connect()
    #expect(published.connect() as AnyObject === connection as AnyObject)
    subject.onNext(2)
    connection.dispose()
    subject.onNext(3)
    #expect(recorder.elements == [2])
    #expect(!subject.hasObservers)
  }

  @Test("asObservable on a subject is the subject itself; on a relay a wrapper that forwards")
  func asObservableIdentity() {
    let subject = PublishSubject<Int>()
    #expect(subject.asObservable() === subject)
    let relay = PublishRelay<Int>()
    let recorder = Recorder<Int>()
    _ = relay.asObservable().subscribe(recorder)
    relay.accept(1)
    #expect(recorder.elements == [1])
  }
}
