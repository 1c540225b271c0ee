import Streams
import Testing

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
