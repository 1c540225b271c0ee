import Dispatch
import Streams
import Testing

/// `awaitFirst()`, `awaitLast()`, `awaitElements()` and the traits' `.value`: one outcome, resumed once, never
/// under a lock; cancellation disposes and throws `CancellationError`.
@Suite("Awaiting one outcome")
struct AwaitTests {
  @Test("awaitFirst() returns the first element and disposes the subscription")
  func first() async throws {
    let source = TrackedSource()
    #expect(try await source.observable.awaitFirst() == 0)
    #expect(source.probe.isReleased)
    #expect(!source.subject.hasObservers)

    #expect(try await Observable<Int>.empty().awaitFirst() == nil)
    await #expect(throws: TestError(id: 1)) {
      try await Observable<Int>.error(TestError(id: 1)).awaitFirst()
    }
    // Works on an endless synchronous source: take(1) stops it.
    #expect(try await Observable.repeatElement(5).awaitFirst() == 5)
  }

  @Test("The first() and toArray() operators keep their meaning in async code, with no annotation")
  func operatorsKeepTheirMeaning() async throws {
    let single = Observable.of(1, 2).first()
    #expect(try await single.value == 1)
    let array = Observable.of(1, 2).toArray()
    #expect(try await array.value == [1, 2])
  }

  @Test("awaitLast() and awaitElements() wait for completion")
  func lastAndToArray() async throws {
    #expect(try await Observable.of(1, 2, 3).awaitLast() == 3)
    #expect(try await Observable<Int>.empty().awaitLast() == nil)
    #expect(try await Observable.of(1, 2, 3).awaitElements() == [1, 2, 3])
    #expect(try await Observable<Int>.empty().awaitElements() == [])

    let subject = PublishSubject<Int>()
    let subscribed = Gate()
    let task = Task.detached { try await subject.do(onSubscribed: { subscribed.open() }).awaitElements() }
    await subscribed.wait()
    subject.onNext(1)
    subject.onError(TestError(id: 4))
    await #expect(throws: TestError(id: 4)) { try await task.value }
  }

  @Test("Single, Maybe and Completable values")
  func traitValues() async throws {
    #expect(try await Single.just(42).value == 42)
    await #expect(throws: TestError(id: 2)) { try await Single<Int>.error(TestError(id: 2)).value }
    await #expect(throws: StreamsError.noElements) { try await Observable<Int>.empty().asSingle().value }

    #expect(try await Maybe.just("m").value == "m")
    #expect(try await Maybe<String>.empty().value == nil)
    await #expect(throws: TestError(id: 3)) { try await Maybe<Int>.error(TestError(id: 3)).value }

    try await Completable.empty().value
    await #expect(throws: TestError(id: 5)) { try await Completable.error(TestError(id: 5)).value }
  }

  @Test("A value resolved synchronously inside subscribe is delivered")
  func synchronousResolution() async throws {
    let single = Single<Int>.create { observer in
      observer(.success(9))
      observer(.success(10))  // Ignored: first outcome wins.
      return Disposables.create()
    }
    #expect(try await single.value == 9)
  }

  @Test("Cancelling the awaiting task disposes the subscription and throws CancellationError")
  func cancellation() async throws {
    let subscribed = Gate()
    let probe = WeakReference()
    let single = Single<Int>.create { _ in
      let held = Tracked()
      probe.set(held)
      subscribed.open()
      return Disposables.create { withExtendedLifetime(held) {} }
    }
    let task = Task.detached { try await single.value }
    await subscribed.wait()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(probe.isReleased)
  }

  @Test("An already-cancelled task subscribes, and throws CancellationError when the source does not answer at once")
  func alreadyCancelled() async throws {
    let subscriptions = Locked(0)
    let single = Single<Int>.create { _ in
      subscriptions.withLock { $0 += 1 }
      return Disposables.create()
    }
    let task = Task.detached { () -> Int in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await single.value
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(subscriptions.value == 1)
  }

  static let races = 10_000

  @Test("Single.value: 10,000 cancel-vs-complete races; one outcome each, disposed once, no hang")
  func cancelVersusComplete() async throws {
    let disposals = Locked(0)
    var successes = 0
    var cancellations = 0
    for run in 0..<Self.races {
      let observer = Locked<((SingleEvent<Int>) -> Void)?>(nil)
      let subscribed = Gate()
      let single = Single<Int>.create { single in
        observer.value = single
        subscribed.open()
        return Disposables.create { disposals.withLock { $0 += 1 } }
      }
      let task = Task.detached { try await single.value }
      await subscribed.wait()
      // The race: one thread completes the single while this one cancels the task.
      DispatchQueue.global().async { observer.value?(.success(run)) }
      task.cancel()
      switch await task.result {
      case .success(let value):
        #expect(value == run)
        successes += 1
      case .failure(let error):
        #expect(error is CancellationError)
        cancellations += 1
      }
    }
    #expect(successes + cancellations == Self.races)
    // Each run's subscription was disposed exactly once, before its task resumed.
    #expect(disposals.value == Self.races)
  }

  @Test("Maybe, Completable and first(): 1,000 cancel-vs-complete races each")
  func otherRaces() async throws {
    for run in 0..<1_000 {
      let subject = PublishSubject<Int>()
      let maybe = Task.detached { try await subject.asMaybe().value }
      let completable = Task.detached { try await subject.ignoreElements().asCompletable().value }
      let first = Task.detached { try await subject.awaitFirst() }
      while subject.hasObservers == false { await Task.yield() }
      DispatchQueue.global().async {
        subject.onNext(run)
        subject.onCompleted()
      }
      maybe.cancel()
      completable.cancel()
      first.cancel()
      if case .success(let value) = await maybe.result { #expect(value == nil || value == run) }
      if case .failure(let error) = await completable.result { #expect(error is CancellationError) }
      if case .success(let value) = await first.result { #expect(value == nil || value == run) }
    }
  }
}
