import Dispatch
import Foundation
import Streams
import Testing

/// Subjects call no observer while holding their lock: a new subscriber's replay may wait for a
/// thread that is sending to the same subject, and still receives the replay, then the live
/// events, each once and in order.
@Suite("Subjects hold no lock while replaying")
struct SubjectReplayDeliveryTests {
  /// The subscriber's first replayed element waits for `gate`, which the sender holds while it
  /// sends `live` to the subject. With the replay under the subject's lock, both threads wait for
  /// each other.
  func replayWhileSending<S: ObservableType & ObserverType & Sendable>(
    _ subject: S, firstReplayed: Int, live: [Event<Int>]
  ) -> (finished: Bool, events: [Event<Int>]) where S.Element == Int {
    let gate = NSLock()
    let senderHoldsGate = DispatchSemaphore(value: 0)
    let replayStarted = DispatchSemaphore(value: 0)
    let seen = Recorder<Int>()
    let finished = Watchdog.run([
      {
        gate.lock()
        senderHoldsGate.signal()
        _ = Watchdog.wait(replayStarted)
        for event in live { subject.on(event) }
        gate.unlock()
      },
      {
        _ = Watchdog.wait(senderHoldsGate)
        _ = subject.subscribe { event in
          if event.element == firstReplayed {
            replayStarted.signal()
            gate.lock()
            gate.unlock()
          }
          seen.on(event)
        }
      },
    ])
    return (finished, seen.events)
  }

  @Test("ReplaySubject: a replay that waits for a sender of the same subject does not deadlock")
  func replayWaitsForSender() {
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    subject.onNext(1)
    subject.onNext(2)
    let result = replayWhileSending(subject, firstReplayed: 1, live: [.next(3), .next(4)])
    // After a deadlock the subject's lock stays taken: touch the subject no more.
    guard result.finished else {
      Issue.record("deadlocked")
      return
    }
    #expect(result.events.compactMap(\.element) == [1, 2, 3, 4])
    #expect(subject.hasObservers)
  }

  @Test("ReplaySubject: completion sent during a replay follows the replay; the subscriber is then released")
  func replayThenCompletion() {
    let subject = ReplaySubject<Int>.createUnbounded()
    subject.onNext(1)
    let result = replayWhileSending(subject, firstReplayed: 1, live: [.next(2), .completed])
    guard result.finished else {
      Issue.record("deadlocked")
      return
    }
    #expect(result.events.compactMap(\.element) == [1, 2])
    #expect(result.events.count == 3 && result.events.last?.isCompleted == true)
    #expect(!subject.hasObservers)
  }

  @Test("BehaviorSubject: a first delivery that waits for a sender of the same subject does not deadlock")
  func behaviorWaitsForSender() {
    let subject = BehaviorSubject(value: 1)
    let result = replayWhileSending(subject, firstReplayed: 1, live: [.next(2), .next(3)])
    guard result.finished else {
      Issue.record("deadlocked")
      return
    }
    #expect(result.events.compactMap(\.element) == [1, 2, 3])
    #expect((try? subject.value()) == 3)
  }

  @Test("BehaviorSubject: the terminal event for a late subscriber is sent outside the lock")
  func behaviorTerminalOutsideLock() {
    let subject = BehaviorSubject(value: 1)
    subject.onCompleted()
    let gate = NSLock()
    let readerHoldsGate = DispatchSemaphore(value: 0)
    let completionStarted = DispatchSemaphore(value: 0)
    let completed = Counter()
    let finished = Watchdog.run([
      {
        gate.lock()
        readerHoldsGate.signal()
        _ = Watchdog.wait(completionStarted)
        _ = subject.hasObservers
        gate.unlock()
      },
      {
        _ = Watchdog.wait(readerHoldsGate)
        _ = subject.subscribe(onCompleted: {
          completionStarted.signal()
          gate.lock()
          gate.unlock()
          completed.increment()
        })
      },
    ])
    guard finished else {
      Issue.record("deadlocked")
      return
    }
    #expect(completed.value == 1)
  }

  @Test("ReplaySubject: an observer may send to the subject from inside its replay")
  func reentrantSendDuringReplay() {
    let subject = ReplaySubject<Int>.create(bufferSize: 3)
    for value in 1...3 { subject.onNext(value) }
    let seen = Recorder<Int>()
    let subscription = subject.subscribe { event in
      seen.on(event)
      if event.element == 1 { subject.onNext(10) }
    }
    #expect(seen.elements == [1, 2, 3, 10])
    subject.onNext(11)
    #expect(seen.elements == [1, 2, 3, 10, 11])
    subscription.dispose()
    #expect(!subject.hasObservers)
  }

  @Test("BehaviorSubject: an observer may send to the subject from inside its first delivery")
  func reentrantSendDuringFirstDelivery() {
    let subject = BehaviorSubject(value: 1)
    let seen = Recorder<Int>()
    let subscription = subject.subscribe { event in
      seen.on(event)
      if event.element == 1 { subject.onNext(10) }
    }
    subject.onNext(11)
    #expect(seen.elements == [1, 10, 11])
    subscription.dispose()
    #expect(!subject.hasObservers)
  }

  @Test("ReplaySubject: replay and live events join without gap or duplicate under 4 senders")
  func replayJoinsLiveUnderContention() {
    for _ in 0..<50 {
      let subject = ReplaySubject<Int>.create(bufferSize: 8)
      for value in 0..<8 { subject.onNext(value) }
      let seen = Recorder<Int>()
      let serial = NSLock()
      let next = Counter()
      let sender: @Sendable () -> Void = {
        for _ in 0..<250 {
          serial.lock()  // The senders serialize their calls, as the contract asks.
          subject.onNext(8 + next.value)
          next.increment()
          serial.unlock()
        }
      }
      let finished = Watchdog.run([sender, sender, sender, sender, { _ = subject.subscribe(seen) }])
      guard finished else {
        Issue.record("deadlocked")
        return
      }
      let values = seen.elements
      #expect(values.count >= 8)
      #expect(values == Array((1008 - values.count)..<1008), "must be contiguous: \(values)")
    }
  }
}

/// Subjects release observers and values after unlocking, so a `deinit` that sends to the same
/// subject (or asks it whether it has observers) runs without the subject's lock held. With the
/// release under the lock, that `deinit` waits for the lock its own thread holds.
@Suite("Subjects release observers and values outside their lock")
struct SubjectReleaseTests {
  /// Calls `action` when deinitialized.
  final class Owner: @unchecked Sendable {
    let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
  }

  /// Runs `body` on another thread; whether it returned within ``Watchdog/patience`` (a thread
  /// that deadlocked stays blocked).
  func finishes(_ body: @escaping @Sendable () -> Void) -> Bool {
    Watchdog.run([body])
  }

  /// Subscribes an observer that holds the only reference to an owner whose deinit calls
  /// `touch`, then disposes the subscription.
  func disposeSubscription<S: ObservableType>(_ source: S, _ touch: @escaping @Sendable () -> Void) -> Bool
  where S: Sendable {
    finishes {
      var owner: Owner? = Owner(touch)
      let subscription = source.subscribe(onNext: { [owner] _ in withExtendedLifetime(owner) {} })
      owner = nil
      subscription.dispose()
    }
  }

  @Test("Disposing a subscription releases its observer after unlocking")
  func unsubscribeReleasesOutsideLock() {
    let publish = PublishSubject<Int>()
    #expect(disposeSubscription(publish) { publish.onNext(0) })
    let behavior = BehaviorSubject(value: 0)
    #expect(disposeSubscription(behavior) { behavior.onNext(1) })
    let replay = ReplaySubject<Int>.create(bufferSize: 1)
    #expect(disposeSubscription(replay) { replay.onNext(1) })
    let async = AsyncSubject<Int>()
    #expect(disposeSubscription(async) { async.onNext(1) })
  }

  @Test("Disposing a relay's subscription releases its observer after unlocking")
  func relayUnsubscribeReleasesOutsideLock() {
    let publish = PublishRelay<Int>()
    #expect(disposeSubscription(publish) { publish.accept(0) })
    let behavior = BehaviorRelay(value: 0)
    #expect(disposeSubscription(behavior) { behavior.accept(1) })
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    #expect(disposeSubscription(replay) { _ = replay.hasObservers })
  }

  /// Stores an owner whose deinit calls `touch` in `subject` through `store`, then overwrites
  /// it through `overwrite`.
  func overwrite(
    store: @escaping @Sendable (Owner) -> Void, overwrite: @escaping @Sendable () -> Void,
    _ touch: @escaping @Sendable () -> Void
  ) -> Bool {
    finishes {
      store(Owner(touch))
      overwrite()
    }
  }

  @Test("Overwriting a subject's stored value releases it after unlocking")
  func overwriteReleasesOutsideLock() {
    let behavior = BehaviorSubject<Owner?>(value: nil)
    #expect(
      overwrite(store: { behavior.onNext($0) }, overwrite: { behavior.onNext(nil) }) { behavior.onNext(nil) })
    let replay = ReplaySubject<Owner?>.create(bufferSize: 1)
    #expect(overwrite(store: { replay.onNext($0) }, overwrite: { replay.onNext(nil) }) { replay.onNext(nil) })
    let async = AsyncSubject<Owner?>()
    #expect(overwrite(store: { async.onNext($0) }, overwrite: { async.onNext(nil) }) { async.onNext(nil) })
    let behaviorRelay = BehaviorRelay<Owner?>(value: nil)
    #expect(
      overwrite(store: { behaviorRelay.accept($0) }, overwrite: { behaviorRelay.accept(nil) }) {
        behaviorRelay.accept(nil)
      })
    let replayRelay = ReplayRelay<Owner?>.create(bufferSize: 1)
    #expect(
      overwrite(store: { replayRelay.accept($0) }, overwrite: { replayRelay.accept(nil) }) {
        replayRelay.accept(nil)
      })
  }

  /// Subscribes an observer that holds the only reference to an owner whose deinit sends to
  /// `subject`, then disposes the subject.
  func disposeSubject<S: SubjectType & Cancelable & Sendable>(_ subject: S) -> Bool
  where S.Observer.Element == Int, S.Element == Int {
    finishes {
      var owner: Owner? = Owner { subject.asObserver().onNext(0) }
      _ = subject.subscribe(onNext: { [owner] _ in withExtendedLifetime(owner) {} })
      owner = nil
      subject.dispose()
    }
  }

  @Test("Disposing a subject releases its observers after unlocking")
  func disposeReleasesObserversOutsideLock() {
    #expect(disposeSubject(PublishSubject<Int>()))
    #expect(disposeSubject(BehaviorSubject(value: 0)))
    #expect(disposeSubject(ReplaySubject<Int>.create(bufferSize: 1)))
    #expect(disposeSubject(AsyncSubject<Int>()))
  }

  @Test("Disposing a subject releases its stored values after unlocking")
  func disposeReleasesValuesOutsideLock() {
    let replay = ReplaySubject<Owner?>.createUnbounded()
    #expect(
      finishes {
        replay.onNext(Owner { replay.onNext(nil) }); replay.dispose()
      })
    let async = AsyncSubject<Owner?>()
    #expect(
      finishes {
        async.onNext(Owner { async.onNext(nil) }); async.dispose()
      })
  }
}

/// Concurrency is tested, not assumed: many threads send, subscribe and dispose at once, and the
/// counts must come out exact.
@Suite("Subjects under concurrency")
struct SubjectContentionTests {
  static let senders = 8
  static let sendsPerSender = 5_000

  /// Sends from 8 threads while 4 other threads subscribe and dispose; a subscriber present
  /// throughout must see every value exactly once.
  func stress<S: SubjectType & ObserverType & Sendable>(_ subject: S, extraElements: Int) -> (received: Int, sum: Int)
  where S.Element == Int {
    let received = Counter()
    let sum = Counter()
    let steady = subject.subscribe(onNext: { value in
      received.increment()
      sum.increment(by: value)
    })
    DispatchQueue.concurrentPerform(iterations: Self.senders + 4) { worker in
      if worker < Self.senders {
        for index in 0..<Self.sendsPerSender { subject.onNext(worker * Self.sendsPerSender + index) }
      } else {
        for _ in 0..<2_000 {
          let churn = subject.subscribe(onNext: { _ in })
          churn.dispose()
        }
      }
    }
    subject.onCompleted()
    steady.dispose()
    return (received.value - extraElements, sum.value)
  }

  static let total = senders * sendsPerSender
  static let expectedSum = total * (total - 1) / 2

  @Test("PublishSubject: exact count and sum under 8 senders and churning subscribers")
  func publish() {
    let subject = PublishSubject<Int>()
    let result = stress(subject, extraElements: 0)
    #expect(result.received == Self.total)
    #expect(result.sum == Self.expectedSum)
    #expect(!subject.hasObservers)
  }

  @Test("BehaviorSubject: exact count and sum under 8 senders and churning subscribers")
  func behavior() {
    let subject = BehaviorSubject(value: 0)
    let result = stress(subject, extraElements: 1)
    #expect(result.received == Self.total)
    #expect(result.sum == Self.expectedSum)
  }

  @Test("ReplaySubject: exact count and sum under 8 senders and churning subscribers")
  func replay() {
    let subject = ReplaySubject<Int>.create(bufferSize: 4)
    let result = stress(subject, extraElements: 0)
    #expect(result.received == Self.total)
    #expect(result.sum == Self.expectedSum)
  }

  @Test("AsyncSubject: exactly one value and completion under 8 senders")
  func async() {
    let subject = AsyncSubject<Int>()
    let result = stress(subject, extraElements: 0)
    #expect(result.received == 1)
  }

  /// Subscribing while another thread sends: the replayed value and the live ones must join with
  /// no value missed or duplicated.
  @Test("Replay-then-live is atomic for BehaviorSubject")
  func behaviorReplayThenLive() {
    for _ in 0..<200 { subscribeWhileSending(BehaviorSubject(value: 0)) }
  }

  @Test("Replay-then-live is atomic for ReplaySubject")
  func replayReplayThenLive() {
    for _ in 0..<200 {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      subject.onNext(0)
      subscribeWhileSending(subject)
    }
  }

  func subscribeWhileSending<S: ObservableType & ObserverType & Sendable>(_ subject: S) where S.Element == Int {
    let seen = Recorder<Int>()
    let ready = DispatchSemaphore(value: 0)
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      if worker == 0 {
        ready.signal()
        for value in 1...200 { subject.onNext(value) }
      } else {
        ready.wait()
        _ = subject.subscribe(seen)
      }
    }
    let values = seen.elements
    #expect(values.last == 200)
    if let first = values.first {
      #expect(values == Array(first...200), "values must be contiguous: \(values)")
    }
  }
}

/// Outside Apple platforms, subjects take their locks from a shared table of 64 (lock striping),
/// so among more subjects than that, some share a lock. Subjects call no observer under their
/// lock, so one subject's observer may send to, subscribe to or dispose a subscription of another
/// subject that shares its lock, from any thread, without waiting for itself.
@Suite("Subjects that share a lock")
struct SubjectSharedLockTests {
  /// More subjects than the table has locks: at least two of the chain share one, whatever other
  /// tests create meanwhile.
  static let chainLength = 65
  static let senders = 4
  static let sendsPerSender = 50
  /// Values sent into the chain start here; anything smaller is the churn's.
  static let firstValue = 1_000

  @Test("A chain of subjects, each observer sending to the next, under senders and churning subscribers")
  func chain() {
    let chain = (0..<Self.chainLength).map { _ in PublishSubject<Int>() }
    let behaviors = (0..<35).map { _ in BehaviorSubject(value: 0) }
    let replays = (0..<35).map { _ in ReplaySubject<Int>.create(bufferSize: 2) }
    let received = Counter()
    var links: [Disposable] = []
    for index in 0..<(chain.count - 1) {
      let next = chain[index + 1]
      links.append(chain[index].subscribe(onNext: { next.onNext($0) }))
    }
    links.append(
      chain[chain.count - 1].subscribe(onNext: { value in
        if value >= Self.firstValue { received.increment() }
      }))
    var workers: [@Sendable () -> Void] = (0..<Self.senders).map { sender in
      {
        for index in 0..<Self.sendsPerSender {
          chain[0].onNext(Self.firstValue + sender * Self.sendsPerSender + index)
        }
      }
    }
    workers.append {
      for round in 0..<150 {
        let target = chain[(round &* 7) % chain.count]
        let behavior = behaviors[round % behaviors.count]
        let replay = replays[round % replays.count]
        let subscriptions = [
          behavior.subscribe(onNext: { _ in target.onNext(-1) }),
          replay.subscribe(onNext: { _ in target.onNext(-1) }),
        ]
        behavior.onNext(round)
        replay.onNext(round)
        let churn = target.subscribe(onNext: { _ in })
        churn.dispose()
        subscriptions.forEach { $0.dispose() }
      }
    }
    #expect(Watchdog.run(workers), "a subject waited for a lock its own thread held")
    #expect(received.value == Self.senders * Self.sendsPerSender)
    links.forEach { $0.dispose() }
    #expect(chain.allSatisfy { !$0.hasObservers })
  }
}
