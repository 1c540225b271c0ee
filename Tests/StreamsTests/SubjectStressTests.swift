import Dispatch
import Streams
import Testing

/// Concurrency is tested, not assumed: many threads send, subscribe and dispose at once, and the
/// counts must come out exact.
@Suite("Subjects under concurrency")
struct SubjectStressTests {
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
