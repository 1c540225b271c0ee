import Streams
import Testing

@Suite("Subjects")
struct SubjectTests {
  @Test("PublishSubject sends only what arrives after subscribing")
  func publishOnlyLater() {
    let subject = PublishSubject<Int>()
    subject.onNext(1)
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    subject.onNext(2)
    subject.onCompleted()
    subject.onNext(3)
    #expect(recorder.elements == [2])
    #expect(recorder.isCompleted)
  }

  @Test("PublishSubject after a terminal event sends only that event to new subscribers")
  func publishLateSubscriber() {
    let subject = PublishSubject<Int>()
    subject.onError(TestError(id: 1))
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.events.count == 1)
    #expect(recorder.error as? TestError == TestError(id: 1))
  }

  @Test("hasObservers follows subscribe, dispose and termination")
  func hasObservers() {
    let subject = PublishSubject<Int>()
    #expect(!subject.hasObservers)
    let subscription = subject.subscribe()
    #expect(subject.hasObservers)
    subscription.dispose()
    #expect(!subject.hasObservers)
    _ = subject.subscribe()
    subject.onCompleted()
    #expect(!subject.hasObservers)
  }

  @Test("Subscribers disposed in any order leave the rest receiving in subscription order")
  func disposeInAnyOrder() {
    let subject = PublishSubject<Int>()
    let log = ValueLog<Int>()
    let count = 200
    // Closure observers and other observers alternate: the subject stores them differently.
    let subscriptions = (0..<count).map { index in
      index.isMultiple(of: 2)
        ? subject.subscribe(onNext: { _ in log.append(index) })
        : subject.subscribe(AnyObserver { event in if event.element != nil { log.append(index) } })
    }
    // Every third subscriber, in a scattered order (73 and 200 are coprime): first, last and middle.
    let disposed = (0..<count).map { $0 * 73 % count }.filter { $0.isMultiple(of: 3) }
    for index in disposed { subscriptions[index].dispose() }
    subject.onNext(1)
    #expect(log.entries == (0..<count).filter { !$0.isMultiple(of: 3) })
    for index in (0..<count).reversed() { subscriptions[index].dispose() }
    #expect(!subject.hasObservers)
    subject.onNext(2)
    #expect(log.entries.count == count - disposed.count)
  }

  @Test("A disposed subject rejects new subscribers with a typed error")
  func disposedSubject() {
    let subject = PublishSubject<Int>()
    subject.dispose()
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.error as? StreamsError == .disposed(object: "PublishSubject"))
    #expect(subject.isDisposed)
  }

  @Test("BehaviorSubject sends the current value at once, then later values")
  func behaviorCurrentValue() throws {
    let subject = BehaviorSubject(value: 1)
    subject.onNext(2)
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    subject.onNext(3)
    #expect(recorder.elements == [2, 3])
    #expect(try subject.value() == 3)
  }

  @Test("BehaviorSubject after completion sends only the terminal event")
  func behaviorAfterCompletion() throws {
    let subject = BehaviorSubject(value: 1)
    subject.onCompleted()
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.elements.isEmpty)
    #expect(recorder.isCompleted)
    #expect(try subject.value() == 1)
  }

  @Test("BehaviorSubject.value() throws after an error; late subscribers get only the error")
  func behaviorValueThrowsAfterError() {
    let subject = BehaviorSubject(value: 1)
    subject.onError(TestError(id: 4))
    #expect(throws: TestError(id: 4)) { try subject.value() }
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.events.count == 1)
    #expect(recorder.error as? TestError == TestError(id: 4))
  }

  @Test("ReplaySubject replays its newest elements, then the terminal event")
  func replayAfterCompletion() {
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    for value in 1...5 { subject.onNext(value) }
    subject.onCompleted()
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.elements == [4, 5])
    #expect(recorder.isCompleted)
  }

  @Test("ReplaySubject replays its buffer then the error")
  func replayAfterError() {
    let subject = ReplaySubject<Int>.create(bufferSize: 1)
    subject.onNext(1)
    subject.onNext(2)
    subject.onError(TestError(id: 5))
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.elements == [2])
    #expect(recorder.error as? TestError == TestError(id: 5))
  }

  @Test("Unbounded ReplaySubject replays everything; bufferSize 0 replays nothing")
  func replayUnboundedAndZero() {
    let all = ReplaySubject<Int>.createUnbounded()
    let none = ReplaySubject<Int>.create(bufferSize: 0)
    for value in 1...100 {
      all.onNext(value)
      none.onNext(value)
    }
    let allRecorder = Recorder<Int>()
    let noneRecorder = Recorder<Int>()
    _ = all.subscribe(allRecorder)
    _ = none.subscribe(noneRecorder)
    #expect(allRecorder.elements == Array(1...100))
    #expect(noneRecorder.elements.isEmpty)
  }

  @Test("ReplaySubject's ring buffer keeps order after wrapping many times")
  func replayRingOrder() {
    let subject = ReplaySubject<Int>.create(bufferSize: 3)
    for value in 1...10 { subject.onNext(value) }
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.elements == [8, 9, 10])
  }

  @Test("AsyncSubject sends the last value and completion, also to late subscribers")
  func asyncSubjectCompletion() {
    let subject = AsyncSubject<Int>()
    let early = Recorder<Int>()
    _ = subject.subscribe(early)
    subject.onNext(1)
    subject.onNext(2)
    #expect(early.events.isEmpty)
    subject.onCompleted()
    let late = Recorder<Int>()
    _ = subject.subscribe(late)
    for recorder in [early, late] {
      #expect(recorder.elements == [2])
      #expect(recorder.isCompleted)
    }
  }

  @Test("AsyncSubject on error sends only the error")
  func asyncSubjectError() {
    let subject = AsyncSubject<Int>()
    let early = Recorder<Int>()
    _ = subject.subscribe(early)
    subject.onNext(1)
    subject.onError(TestError(id: 6))
    let late = Recorder<Int>()
    _ = subject.subscribe(late)
    for recorder in [early, late] {
      #expect(recorder.elements.isEmpty)
      #expect(recorder.error as? TestError == TestError(id: 6))
    }
  }

  @Test("AsyncSubject completing without a value sends only completion")
  func asyncSubjectEmpty() {
    let subject = AsyncSubject<Int>()
    subject.onCompleted()
    let recorder = Recorder<Int>()
    _ = subject.subscribe(recorder)
    #expect(recorder.events.count == 1)
    #expect(recorder.isCompleted)
  }

  @Test("Re-entrant on() from inside onNext does not deadlock", arguments: ["publish", "behavior", "replay", "async"])
  func reentrantSend(kind: String) {
    let received = Log()
    func exercise<S: SubjectType & ObserverType>(_ subject: S) where S.Element == Int, S.Observer.Element == Int {
      _ = subject.subscribe(onNext: { value in
        received("\(value)")
        if value < 3 { subject.asObserver().onNext(value + 1) }
      })
      subject.onNext(1)
      subject.onCompleted()
    }
    switch kind {
    case "publish": exercise(PublishSubject<Int>())
    case "behavior": exercise(BehaviorSubject(value: 0))
    case "replay": exercise(ReplaySubject<Int>.create(bufferSize: 1))
    default: exercise(AsyncSubject<Int>())
    }
    let expected: [String: [String]] = [
      "publish": ["1", "2", "3"],
      "replay": ["1", "2", "3"],
      // The current value 0 arrives while subscribing and re-enters; then 1 arrives and re-enters.
      "behavior": ["0", "1", "2", "3", "1", "2", "3"],
      // An AsyncSubject delivers only at completion; a send from inside that delivery is ignored.
      "async": ["1"],
    ]
    #expect(received.entries == expected[kind])
  }

  @Test("Re-entrant subscribe from inside onNext of a replaying subject does not deadlock")
  func reentrantSubscribe() {
    let subject = BehaviorSubject(value: 1)
    let inner = Recorder<Int>()
    var innerSubscription: Disposable?
    _ = subject.subscribe(onNext: { _ in
      if innerSubscription == nil { innerSubscription = subject.subscribe(inner) }
    })
    subject.onNext(2)
    #expect(inner.elements == [1, 2])
    innerSubscription?.dispose()
  }

  @Test("take(1) on a re-entrant BehaviorSubject decrements before forwarding")
  func takeOneReentrant() {
    let subject = BehaviorSubject(value: 1)
    let received = Log()
    _ = subject.take(1).subscribe(
      onNext: { value in
        received("\(value)")
        subject.onNext(value + 1)
      }, onCompleted: { received("completed") })
    #expect(received.entries == ["1", "completed"])
  }

  @Test("Relays send elements and never terminate")
  func relays() {
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay(value: 0)
    let replay = ReplayRelay<Int>.create(bufferSize: 2)
    let publishRecorder = Recorder<Int>()
    _ = publish.subscribe(publishRecorder)
    publish.accept(1)
    behavior.accept(1)
    replay.accept(1)
    replay.accept(2)
    replay.accept(3)
    let behaviorRecorder = Recorder<Int>()
    let replayRecorder = Recorder<Int>()
    _ = behavior.asObservable().subscribe(behaviorRecorder)
    _ = replay.subscribe(replayRecorder)
    #expect(publishRecorder.elements == [1])
    #expect(behavior.value == 1)
    #expect(behaviorRecorder.elements == [1])
    #expect(replayRecorder.elements == [2, 3])
    #expect(publish.hasObservers && behavior.hasObservers && replay.hasObservers)
  }
}

/// The subjects implement `onNext(_:)` on a path of its own (no `Event` is built); it must behave
/// exactly as `on(.next(_:))`, also when called from generic code, as operators call it.
@Suite("Subjects: onNext(_:) is on(.next(_:))")
struct SubjectOnNextTests {
  /// Sends through the protocol, as an operator inside the library does.
  private func send<Observer: ObserverType>(_ element: Int, to observer: Observer) where Observer.Element == Int {
    observer.onNext(element)
  }

  @Test("After the end, onNext neither delivers nor keeps the element")
  func ignoredAfterEnd() throws {
    let publish = PublishSubject<Int>()
    let behavior = BehaviorSubject(value: 0)
    let replay = ReplaySubject<Int>.create(bufferSize: 3)
    let recorders = (Recorder<Int>(), Recorder<Int>(), Recorder<Int>())
    _ = publish.subscribe(recorders.0)
    _ = behavior.subscribe(recorders.1)
    _ = replay.subscribe(recorders.2)
    send(1, to: publish)
    send(1, to: behavior)
    send(1, to: replay)
    publish.onCompleted()
    behavior.onCompleted()
    replay.onCompleted()
    send(2, to: publish)
    send(2, to: behavior)
    send(2, to: replay)
    replay.onNext(3)
    behavior.onNext(3)
    #expect(recorders.0.elements == [1])
    #expect(recorders.1.elements == [0, 1])
    #expect(recorders.2.elements == [1])
    #expect(try behavior.value() == 1)
    let late = Recorder<Int>()
    _ = replay.subscribe(late)
    #expect(late.elements == [1])
    #expect(late.isCompleted)
  }

  @Test("After dispose, onNext delivers nothing and a replaying subject keeps nothing")
  func ignoredAfterDispose() {
    let replay = ReplaySubject<Int>.create(bufferSize: 3)
    let recorder = Recorder<Int>()
    _ = replay.subscribe(recorder)
    send(1, to: replay)
    replay.dispose()
    send(2, to: replay)
    #expect(recorder.elements == [1])
    #expect(!replay.hasObservers)
  }

  @Test("Through share(replay:), onNext and on(.next) reach every subscriber and the replay alike")
  func throughShare() {
    let source = PublishSubject<Int>()
    let shared = source.share(replay: 2)
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let subscriptions = [shared.subscribe(first), shared.subscribe(second)]
    source.onNext(1)
    source.on(.next(2))
    send(3, to: source)
    let late = Recorder<Int>()
    let lateSubscription = shared.subscribe(late)
    source.onNext(4)
    #expect(first.elements == [1, 2, 3, 4])
    #expect(second.elements == [1, 2, 3, 4])
    #expect(late.elements == [2, 3, 4])
    for subscription in subscriptions { subscription.dispose() }
    lateSubscription.dispose()
    #expect(!source.hasObservers)
  }
}
