import Dispatch
import Streams
import Testing

/// A marker set on the main dispatch queue: code running on the main queue (where the main actor
/// runs its jobs) can read it; code elsewhere reads `nil`.
enum MainQueueMarker {
  static let key: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
  }()

  static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == 1 }
}

/// Where code ran, as recorded by the probes below.
struct RunSite: Sendable, Equatable {
  let onMainQueue: Bool
  let isolatedToActor: Bool
}

/// An async sequence of `0..<count` that records, in each call, whether it ran on the main queue
/// and which isolation it was called with.
struct SiteRecordingSequence: AsyncSequence, Sendable {
  let count: Int
  let sites: Locked<[RunSite]>

  struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int
    let sites: Locked<[RunSite]>

    mutating func next() async -> Int? {
      record(isolation: nil)
      return advance()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      record(isolation: actor)
      return advance()
    }

    private func record(isolation: (any Actor)?) {
      let site = RunSite(onMainQueue: MainQueueMarker.isOnMainQueue, isolatedToActor: isolation != nil)
      sites.withLock { $0.append(site) }
    }

    private mutating func advance() -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(count: count, sites: sites)
  }
}

/// Collects the events of one subscription and signals its terminal event.
final class EventCollector<Element: Sendable>: @unchecked Sendable {
  let events = Locked<[Event<Element>]>([])
  let ended = Gate()

  func observer(onNext: @escaping @Sendable (Element) -> Void = { _ in }) -> (Event<Element>) -> Void {
    { [self] event in
      events.withLock { $0.append(event) }
      if case .next(let element) = event { onNext(element) }
      if event.isStopEvent { ended.open() }
    }
  }

  var elements: [Element] { events.value.compactMap(\.element) }
  var terminal: Event<Element>? { events.value.last.flatMap { $0.isStopEvent ? $0 : nil } }
}

@Suite("AsyncSequence to Observable")
struct AsObservableTests {
  @Test("asObservable never runs its loop on the main actor, even when subscribed from it")
  @MainActor
  func neverOnMainActor() async throws {
    #expect(MainQueueMarker.isOnMainQueue, "the test itself runs on the main actor's queue")
    let sites = Locked<[RunSite]>([])
    let deliverySites = Locked<[Bool]>([])
    let collector = EventCollector<Int>()
    let subscription = SiteRecordingSequence(count: 3, sites: sites).asObservable()
      .subscribe(
        // The collector's closure is formed outside any actor, though subscribed from the main actor.
        collector.observer(onNext: { _ in deliverySites.withLock { $0.append(MainQueueMarker.isOnMainQueue) } }))
    await collector.ended.wait()
    subscription.dispose()
    #expect(collector.elements == [0, 1, 2])
    #expect(collector.terminal?.isCompleted == true)
    #expect(sites.value.count == 4)
    #expect(sites.value.allSatisfy { !$0.onMainQueue && !$0.isolatedToActor })
    #expect(deliverySites.value == [false, false, false])
  }

  @Test("Observable.from calls its factory per subscription, off the main actor")
  @MainActor
  func fromFactory() async throws {
    let factoryCalls = Locked<[Bool]>([])
    let sites = Locked<[RunSite]>([])
    let observable = Observable<Int>.from { () -> SiteRecordingSequence in
      factoryCalls.withLock { $0.append(MainQueueMarker.isOnMainQueue) }
      return SiteRecordingSequence(count: 2, sites: sites)
    }
    #expect(factoryCalls.value.isEmpty)  // Cold: nothing until subscribed.
    for _ in 0..<2 {
      let collector = EventCollector<Int>()
      let subscription = observable.subscribe(collector.observer())  // Formed outside any actor.
      await collector.ended.wait()
      subscription.dispose()
      #expect(collector.elements == [0, 1])
    }
    #expect(factoryCalls.value == [false, false])
    #expect(sites.value.allSatisfy { !$0.onMainQueue && !$0.isolatedToActor })
  }

  @Test("An AsyncStream's elements and end arrive as events")
  func streamElements() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in 0..<100 { continuation.yield(value) }
    continuation.finish()
    let collector = EventCollector<Int>()
    let subscription = stream.asObservable().subscribe(collector.observer())
    await collector.ended.wait()
    subscription.dispose()
    #expect(collector.elements == Array(0..<100))
    #expect(collector.terminal?.isCompleted == true)
  }

  @Test("A thrown error becomes onError; CancellationError too when nobody disposed")
  func errors() async throws {
    let failing = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: TestError(id: 8))
    }
    let collector = EventCollector<Int>()
    let subscription = failing.asObservable().subscribe(collector.observer())
    await collector.ended.wait()
    subscription.dispose()
    #expect(collector.elements == [1])
    #expect(collector.terminal?.error as? TestError == TestError(id: 8))

    let cancelling = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.finish(throwing: CancellationError())
    }
    let cancelled = EventCollector<Int>()
    let second = cancelling.asObservable().subscribe(cancelled.observer())
    await cancelled.ended.wait()
    second.dispose()
    #expect(cancelled.terminal?.error is CancellationError)
    #expect(cancelled.terminal?.isCompleted == false)
  }

  @Test("Dispose cancels the task; nothing is delivered afterwards")
  func disposeCancels() async throws {
    let iterating = Gate()
    let iterationEnded = Gate()
    let observable = Observable<Int>.from { () -> AsyncStream<Int> in
      AsyncStream { continuation in
        continuation.onTermination = { _ in iterationEnded.open() }
        continuation.yield(1)
        iterating.open()
        // Never finishes by itself: only the cancellation of the task ends it.
      }
    }
    let collector = EventCollector<Int>()
    let subscription = observable.subscribe(collector.observer())
    await iterating.wait()
    subscription.dispose()
    await iterationEnded.wait()
    #expect(collector.terminal == nil)
    #expect(collector.elements.count <= 1)
  }

  @Test("Disposing from inside onNext stops the loop; later elements and the end are dropped")
  func disposeFromOnNext() async throws {
    let ended = Gate()
    let observable = Observable<Int>.from { CountingSequence(onEnd: { ended.open() }) }
    let subscription = SingleAssignmentDisposable()
    let collector = EventCollector<Int>()
    let observer = collector.observer()
    subscription.setDisposable(
      observable.subscribe { event in
        observer(event)
        if case .next(2) = event { subscription.dispose() }
      })
    await ended.wait()
    #expect(collector.elements == [0, 1, 2])
    #expect(collector.terminal == nil)
  }

  @Test("Single.task, Maybe.task, Completable.task and Observable.task")
  func taskFactories() async throws {
    #expect(try await Single.task { 41 + 1 }.value == 42)
    await #expect(throws: TestError(id: 6)) {
      try await Single<Int>.task { throw TestError(id: 6) }.value
    }
    #expect(try await Maybe.task { Optional(7) }.value == 7)
    #expect(try await Maybe<Int>.task { nil }.value == nil)
    let ran = Locked(false)
    try await Completable.task { ran.value = true }.value
    #expect(ran.value)
    #expect(try await Observable.task { "once" }.awaitElements() == ["once"])
  }

  @Test("Single.task runs with the given priority, off the main actor")
  @MainActor
  func taskPriorityAndIsolation() async throws {
    let site = try await Single.task(priority: .low) { () -> [Bool] in
      [Task.currentPriority == .low, MainQueueMarker.isOnMainQueue]
    }.value
    #expect(site == [true, false])
  }

  @Test("Disposing a Single.task cancels its operation; its CancellationError is not delivered")
  func taskDispose() async throws {
    let started = Gate()
    let cancelled = Gate()
    let single = Single<Int>.task {
      started.open()
      // Waits until the task is cancelled, without sleeping: a stream nobody finishes.
      let never = AsyncStream<Int> { _ in }
      for await _ in never {}
      cancelled.open()
      throw CancellationError()
    }
    let collector = EventCollector<Int>()
    let subscription = single.asObservable().subscribe(collector.observer())
    await started.wait()
    subscription.dispose()
    await cancelled.wait()
    #expect(collector.events.value.isEmpty)
  }
}

/// 0, 1, 2, … until cancelled or dropped; `onEnd` runs when its iterator is released.
struct CountingSequence: AsyncSequence {
  let onEnd: @Sendable () -> Void

  final class AsyncIterator: AsyncIteratorProtocol {
    private var next = 0
    private let onEnd: @Sendable () -> Void

    init(onEnd: @escaping @Sendable () -> Void) {
      self.onEnd = onEnd
    }

    deinit { onEnd() }

    func next() async -> Int? {
      defer { next += 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(onEnd: onEnd)
  }
}
