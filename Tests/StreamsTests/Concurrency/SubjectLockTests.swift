import Dispatch
import Foundation
import Streams
import Testing

/// Subjects call no observer while holding their lock: a new subscriber's replay may wait for a
/// thread that is sending to the same subject, and still receives the replay, then the live
/// events, each once and in order.
@Suite("Subjects hold no lock while replaying")
struct SubjectLockTests {
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
