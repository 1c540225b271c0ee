import Dispatch
import Streams
import Testing

/// `values`: laziness, delivery, termination, and disposal on every way out of the loop.
@Suite("values: Observable as AsyncSequence")
struct ValuesTests {
  @Test("Reading values subscribes nothing; each iterator subscribes once, before the first await")
  func laziness() async throws {
    let source = TrackedSource()
    let values = source.observable.values
    let alsoValues = source.observable.values(bufferingPolicy: .bufferingNewest(1))
    #expect(source.subscriptions.value == 0)
    _ = alsoValues

    var first = values.makeAsyncIterator()
    #expect(source.subscriptions.value == 1)
    #expect(source.subject.hasObservers)
    // Live before any await: an element sent now is not lost.
    source.subject.onNext(1)
    var second = values.makeAsyncIterator()
    #expect(source.subscriptions.value == 2)
    source.subject.onNext(2)
    source.subject.onCompleted()

    var firstReceived: [Int] = []
    while let value = try await first.next() { firstReceived.append(value) }
    var secondReceived: [Int] = []
    while let value = try await second.next() { secondReceived.append(value) }
    #expect(firstReceived == [0, 1, 2])
    #expect(secondReceived == [0, 2])
  }

  @Test("Elements arrive in order, then the loop ends at completion")
  func elementsThenCompletion() async throws {
    var received: [Int] = []
    for try await value in Observable.from(Array(0..<1_000)).values {
      received.append(value)
    }
    #expect(received == Array(0..<1_000))
  }

  @Test("The error is thrown after the elements sent before it, once; then next() returns nil")
  func errorAfterElements() async throws {
    let subject = PublishSubject<Int>()
    var iterator = subject.values.makeAsyncIterator()
    subject.onNext(1)
    subject.onNext(2)
    subject.onError(TestError(id: 7))
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    await #expect(throws: TestError(id: 7)) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test("An error sent while the loop waits is thrown at once")
  func errorWhileWaiting() async throws {
    let subject = PublishSubject<Int>()
    let waiting = Gate()
    let task = Task.detached {
      var iterator = subject.values.makeAsyncIterator()
      waiting.open()
      return try await iterator.next()
    }
    await waiting.wait()
    subject.onError(TestError(id: 3))
    await #expect(throws: TestError(id: 3)) { try await task.value }
  }

  @Test("break disposes the subscription at once")
  func breakDisposes() async throws {
    let source = TrackedSource()
    var received: [Int] = []
    for try await value in source.observable.values {
      received.append(value)
      if value == 3 { break }
      source.subject.onNext(value + 1)
    }
    #expect(received == [0, 1, 2, 3])
    #expect(!source.subject.hasObservers)
    #expect(source.probe.isReleased)
  }

  @Test("An error thrown by the loop body disposes the subscription")
  func throwingBodyDisposes() async throws {
    let source = TrackedSource()
    await #expect(throws: TestError(id: 1)) {
      for try await _ in source.observable.values {
        throw TestError(id: 1)
      }
    }
    #expect(!source.subject.hasObservers)
    #expect(source.probe.isReleased)
  }

  @Test("Completion disposes the subscription even while the iterator is still held")
  func completionDisposes() async throws {
    let source = TrackedSource()
    var iterator = source.observable.values.makeAsyncIterator()
    #expect(try await iterator.next() == 0)
    source.subject.onCompleted()
    #expect(try await iterator.next() == nil)
    #expect(source.probe.isReleased)
    withExtendedLifetime(iterator) {}
  }

  @Test("Cancelling a waiting loop disposes upstream at once; next() throws CancellationError")
  func cancellationWhileWaiting() async throws {
    let source = TrackedSource()
    let firstReceived = Gate()
    let task = Task.detached { () -> (Int?, Bool, Bool) in
      var iterator = source.observable.values.makeAsyncIterator()
      let first = try await iterator.next()
      firstReceived.open()
      var threwCancellation = false
      do {
        _ = try await iterator.next()  // Waits until cancelled.
      } catch {
        threwCancellation = error is CancellationError
      }
      // The iterator is still alive here: the cancellation itself disposed the subscription.
      let disposed = !source.subject.hasObservers && source.probe.isReleased
      withExtendedLifetime(iterator) {}
      return (first, threwCancellation, disposed)
    }
    await firstReceived.wait()
    task.cancel()
    let (first, threwCancellation, disposedBeforeIteratorEnded) = try await task.value
    #expect(first == 0)
    #expect(threwCancellation)
    #expect(disposedBeforeIteratorEnded)
    source.subject.onNext(99)  // Nobody is listening any more.
    #expect(!source.subject.hasObservers)
  }

  @Test("After cancellation the loop gets the elements already buffered, then CancellationError")
  func bufferedElementsThenCancellation() async throws {
    let subject = PublishSubject<Int>()
    let subscribed = Gate()
    let firstReceived = Gate()
    let resume = Gate()
    let task = Task.detached { () -> [Int] in
      var received: [Int] = []
      var iterator = subject.values.makeAsyncIterator()
      subscribed.open()
      if let first = try await iterator.next() { received.append(first) }
      firstReceived.open()
      await resume.wait()  // The loop body is busy; elements pile up in the buffer.
      do {
        while let value = try await iterator.next() { received.append(value) }
      } catch is CancellationError {
        return received
      }
      return []
    }
    await subscribed.wait()
    subject.onNext(1)
    await firstReceived.wait()
    for value in 2...5 { subject.onNext(value) }
    task.cancel()
    resume.open()
    #expect(try await task.value == [1, 2, 3, 4, 5])
    #expect(!subject.hasObservers)
  }

  @Test("A loop in an already-cancelled task gets the buffered element, then CancellationError, and disposes at once")
  func alreadyCancelled() async throws {
    let source = TrackedSource()
    let task = Task.detached { () -> (Int?, Bool) in
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = source.observable.values.makeAsyncIterator()
      let first = try await iterator.next()
      do {
        _ = try await iterator.next()
        return (first, false)
      } catch {
        return (first, error is CancellationError)
      }
    }
    let (first, threwCancellation) = try await task.value
    #expect(first == 0)
    #expect(threwCancellation)
    #expect(source.probe.isReleased)
  }

  @Test("A terminated subject's iterator ends at once with its terminal event")
  func terminatedSubjects() async throws {
    let completed = PublishSubject<Int>()
    completed.onCompleted()
    var iterator = completed.values.makeAsyncIterator()
    #expect(try await iterator.next() == nil)

    let failed = BehaviorSubject(value: 1)
    failed.onError(TestError(id: 2))
    var failing = failed.values.makeAsyncIterator()
    await #expect(throws: TestError(id: 2)) { try await failing.next() }

    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    for value in 1...5 { replay.onNext(value) }
    replay.onCompleted()
    var replayed: [Int] = []
    for try await value in replay.values { replayed.append(value) }
    #expect(replayed == [4, 5])
  }

  @Test("BehaviorSubject yields its current value first; ReplaySubject its buffer")
  func replayFirst() async throws {
    let behavior = BehaviorSubject(value: "a")
    var behaviorIterator = behavior.values.makeAsyncIterator()
    behavior.onNext("b")
    behavior.onCompleted()
    #expect(try await behaviorIterator.next() == "a")
    #expect(try await behaviorIterator.next() == "b")
    #expect(try await behaviorIterator.next() == nil)

    let replay = ReplaySubject<Int>.create(bufferSize: 3)
    for value in 1...4 { replay.onNext(value) }
    var replayIterator = replay.values.makeAsyncIterator()
    replay.onNext(5)
    replay.onCompleted()
    var received: [Int] = []
    while let value = try await replayIterator.next() { received.append(value) }
    #expect(received == [2, 3, 4, 5])
  }

  @Test("Relays and Infallible give non-throwing sequences")
  func relays() async {
    let behavior = BehaviorRelay(value: 0)
    let publish = PublishRelay<Int>()
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    replay.accept(10)

    var behaviorIterator = behavior.values.makeAsyncIterator()
    var publishIterator = publish.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
    var replayIterator = replay.values.makeAsyncIterator()
    behavior.accept(1)
    publish.accept(1)
    publish.accept(2)
    replay.accept(11)

    // No `try`: these iterators cannot throw.
    #expect(await behaviorIterator.next() == 0)
    #expect(await behaviorIterator.next() == 1)
    #expect(await publishIterator.next() == 2)
    #expect(await replayIterator.next() == 10)
    #expect(await replayIterator.next() == 11)

    var fromInfallible: [Int] = []
    for await value in Infallible.of(1, 2, 3).values { fromInfallible.append(value) }
    #expect(fromInfallible == [1, 2, 3])
    var newest = Infallible.of(1, 2, 3).values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
    #expect(await newest.next() == 3)
    #expect(await newest.next() == nil)
  }

  @Test("A relay's loop ends when its task is cancelled")
  func relayCancellation() async {
    let relay = PublishRelay<Int>()
    let waiting = Gate()
    let task = Task.detached { () -> [Int] in
      var received: [Int] = []
      var iterator = relay.values.makeAsyncIterator()
      waiting.open()
      while let value = await iterator.next() { received.append(value) }
      return received
    }
    await waiting.wait()
    relay.accept(1)
    task.cancel()
    let received = await task.value
    #expect(received == [] || received == [1])
    #expect(!relay.hasObservers)
  }

  @Test("next(isolation:) keeps the loop on the caller's actor")
  @MainActor
  func loopStaysOnActor() async throws {
    let subject = PublishSubject<Int>()
    let sender = Task.detached {
      for value in 0..<100 { subject.onNext(value) }
      subject.onCompleted()
    }
    var received: [Int] = []
    let values = subject.values
    for try await value in values {
      MainActor.assertIsolated()
      received.append(value)
    }
    await sender.value
    // The subscription is made before the sender runs only if the loop started first; either way
    // what arrived is an in-order run ending at 99.
    if let first = received.first { #expect(received == Array(first..<100)) }

    actor Consumer {
      func drain(_ values: AsyncObservableSequence<Int>) async throws -> [Int] {
        var received: [Int] = []
        for try await value in values {
          assertIsolated()
          received.append(value)
        }
        return received
      }
    }
    #expect(try await Consumer().drain(Observable.from([1, 2, 3]).values) == [1, 2, 3])
  }

  @Test("Every kind of observable works: traits converted, operators, create")
  func sources() async throws {
    #expect(try await Observable.of(1, 2, 3).map { $0 * 2 }.values.reduce(0, +) == 12)
    var fromCreate: [String] = []
    let create = Observable<String>.create { observer in
      observer.onNext("x")
      observer.onCompleted()
      return Disposables.create()
    }
    for try await value in create.values { fromCreate.append(value) }
    #expect(fromCreate == ["x"])
  }
}
