import Dispatch
import Foundation
@testable import Streams
import Testing

/// A replaying subject records what it sends while replays run outside its lock, and each
/// subscriber catches up from that record after its replay: with several replays at once, and
/// with the subject disposed meanwhile.
@Suite("Replays that overlap")
struct ReplayLogTests {
  @Test("Two replays held open at once each receive the replay, then what was sent meanwhile, once and in order")
  func overlappingReplays() {
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    subject.onNext(1)
    subject.onNext(2)
    let gate = NSLock()
    gate.lock()
    let replaysStarted = DispatchSemaphore(value: 0)
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let subscriber: @Sendable (Recorder<Int>) -> Void = { recorder in
      _ = subject.subscribe { event in
        if event.element == 1 {
          replaysStarted.signal()
          gate.lock()
          gate.unlock()
        }
        recorder.on(event)
      }
    }
    let finished = Watchdog.run([
      { subscriber(first) },
      { subscriber(second) },
      {
        _ = Watchdog.wait(replaysStarted)
        _ = Watchdog.wait(replaysStarted)
        subject.onNext(3)
        subject.onNext(4)
        gate.unlock()
      },
    ])
    guard finished else {
      Issue.record("deadlocked")
      return
    }
    subject.onNext(5)
    #expect(first.elements == [1, 2, 3, 4, 5])
    #expect(second.elements == [1, 2, 3, 4, 5])
  }

  @Test("A subject disposed during a replay sends the subscriber nothing more and keeps no subscriber")
  func disposedDuringReplay() {
    let subject = BehaviorSubject(value: 1)
    let gate = NSLock()
    gate.lock()
    let replayStarted = DispatchSemaphore(value: 0)
    let seen = Recorder<Int>()
    let finished = Watchdog.run([
      {
        _ = subject.subscribe { event in
          if event.element == 1 {
            replayStarted.signal()
            gate.lock()
            gate.unlock()
          }
          seen.on(event)
        }
      },
      {
        _ = Watchdog.wait(replayStarted)
        subject.onNext(2)
        subject.dispose()
        gate.unlock()
      },
    ])
    guard finished else {
      Issue.record("deadlocked")
      return
    }
    #expect(seen.events.count == 1)
    #expect(seen.elements == [1])
    #expect(!subject.hasObservers)
  }

  /// One thread sends 0..<2,000 into a buffer that keeps them all, then completes; three threads
  /// subscribe meanwhile, so replays overlap each other and the sends. Every subscription must
  /// receive exactly 0..<2,000, then completion.
  @Test("Subscribers racing a sender each receive every element once, in order", .timeLimit(.minutes(1)))
  func racingSubscribers() {
    let count = 2_000
    let subject = ReplaySubject<Int>.create(bufferSize: count)
    let recorders = Locked<[Recorder<Int>]>([])
    let finished = Watchdog.run(
      [
        {
          for value in 0..<count { subject.onNext(value) }; subject.onCompleted()
        }
      ]
        + (0..<3).map { _ in
          {
            for _ in 0..<50 {
              let recorder = Recorder<Int>()
              recorders.withLock { $0.append(recorder) }
              _ = subject.subscribe(recorder)
            }
          }
        })
    guard finished else {
      Issue.record("deadlocked")
      return
    }
    let all = recorders.value
    #expect(all.count == 150)
    for recorder in all {
      #expect(recorder.elements == Array(0..<count))
      #expect(recorder.isCompleted)
    }
  }

  /// Two subscribers stay inside their replays while a sender sends `count` elements: each
  /// subscriber's observer waits, on each element, until the sender has sent the next one, so
  /// each catch-up batch finds one more. Every element reaches both once, in order, and the log
  /// keeps only what the slower replay has not taken yet, not all that was sent since the oldest
  /// replay began.
  @Test("Overlapping replays chasing a sender keep a bounded log and receive each element once, in order")
  func chasingReplaysKeepBoundedLog() {
    let count = 200
    let subject = ReplaySubject<Int>.create(bufferSize: 1)
    subject.onNext(0)
    let received = DispatchSemaphore(value: 0)
    let proceeds = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let recorders = [Recorder<Int>(), Recorder<Int>()]
    let largestLog = Locked(0)
    let subscriber: @Sendable (Int) -> Void = { index in
      _ = subject.subscribe { event in
        recorders[index].on(event)
        guard let element = event.element, element < count else { return }
        received.signal()
        _ = Watchdog.wait(proceeds[index])
      }
    }
    let finished = Watchdog.run([
      { subscriber(0) },
      { subscriber(1) },
      {
        for element in 1...count {
          _ = Watchdog.wait(received)
          _ = Watchdog.wait(received)
          subject.onNext(element)
          let logged = subject.recordedEventCount
          largestLog.withLock { $0 = Swift.max($0, logged) }
          for proceed in proceeds { proceed.signal() }
        }
      },
    ])
    guard finished else {
      Issue.record("deadlocked")
      return
    }
    #expect(largestLog.value <= 2)
    #expect(subject.recordedEventCount == 0)
    for recorder in recorders { #expect(recorder.elements == Array(0...count)) }
  }

  @Test("A disposed subscription no longer keeps its subject alive", arguments: SubjectKind.allCases)
  func subscriptionReleasesSubject(kind: SubjectKind) {
    weak var released: AnyObject?
    var subscription: Disposable?
    do {
      let (subject, subscribe) = kind.make()
      released = subject
      subscription = subscribe()
      subscription?.dispose()
    }
    #expect(released == nil)
    #expect(subscription != nil)
  }

  @Test("A subscription releases its observer when disposed", arguments: SubjectKind.allCases)
  func subscriptionReleasesObserver(kind: SubjectKind) {
    weak var tracked: Tracked?
    let (subject, _) = kind.make()
    let subscription: Disposable
    do {
      let object = Tracked()
      tracked = object
      subscription = kind.subscribe(subject) { _ in _ = object }
    }
    #expect(tracked != nil)
    subscription.dispose()
    #expect(tracked == nil)
  }
}

/// The four subjects, for tests that hold for each.
enum SubjectKind: CaseIterable, Sendable {
  case publish, behavior, replay, async

  /// A new subject of this kind, and a subscription to it with an empty observer.
  func make() -> (AnyObject, () -> Disposable) {
    switch self {
    case .publish:
      let subject = PublishSubject<Int>()
      return (subject, { subject.subscribe(onNext: { _ in }) })
    case .behavior:
      let subject = BehaviorSubject(value: 0)
      return (subject, { subject.subscribe(onNext: { _ in }) })
    case .replay:
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      subject.onNext(0)
      return (subject, { subject.subscribe(onNext: { _ in }) })
    case .async:
      let subject = AsyncSubject<Int>()
      return (subject, { subject.subscribe(onNext: { _ in }) })
    }
  }

  /// Subscribes `onNext` to `subject`, made by ``make()``.
  func subscribe(_ subject: AnyObject, onNext: @escaping (Int) -> Void) -> Disposable {
    switch self {
    case .publish: (subject as! PublishSubject<Int>).subscribe(onNext: onNext)
    case .behavior: (subject as! BehaviorSubject<Int>).subscribe(onNext: onNext)
    case .replay: (subject as! ReplaySubject<Int>).subscribe(onNext: onNext)
    case .async: (subject as! AsyncSubject<Int>).subscribe(onNext: onNext)
    }
  }
}

extension ReplayingSubjectCore {
  /// How many events the log holds for running replays (read under the subject's lock).
  fileprivate var recordedEventCount: Int { lock.withLock { log.events.count } }
}
