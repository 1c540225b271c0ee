import Foundation
import Streams
import Testing

// RxSwift-style code from before Swift 6 (a shared lock, a late subscriber, delay on a global
// queue) against the subjects and operators that no longer hold a lock while delivering. This
// target compiles in Swift 5 language mode.
struct LocksSwift5Tests {
  @Test func lateSubscriberMayWaitForASender() {
    let subject = BehaviorSubject(value: 1)
    let gate = NSLock()
    let replayStarted = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let received = ReceivedValues()
    gate.lock()
    DispatchQueue.global().async {
      _ = subject.subscribe(onNext: { value in
        if value == 1 {
          replayStarted.signal()
          gate.lock()
          gate.unlock()
        }
        received.values.append(value)
        if value == 2 { done.signal() }
      })
    }
    #expect(replayStarted.wait(timeout: .now() + 5) == .success)
    subject.onNext(2)  // Holding `gate`, which the replay waits for.
    gate.unlock()
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received.values == [1, 2])
  }

  @Test func delayKeepsOrderOnAConcurrentQueue() {
    let subject = PublishSubject<Int>()
    let done = DispatchSemaphore(value: 0)
    var received: [Int] = []
    let disposeBag = DisposeBag()
    subject
      .delay(.milliseconds(1), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
      .subscribe(onNext: { received.append($0) }, onCompleted: { done.signal() })
      .disposed(by: disposeBag)
    for value in 1...3 { subject.onNext(value) }
    subject.onCompleted()
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received == [1, 2, 3])
  }
}

/// What the late subscriber received; written only by its (serialized) deliveries.
final class ReceivedValues {
  var values: [Int] = []
}
