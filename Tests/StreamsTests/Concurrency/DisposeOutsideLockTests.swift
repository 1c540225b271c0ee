import Dispatch
import Foundation
import Streams
import Testing

/// Operators that deliver under a lock dispose their sources after releasing it: a source whose
/// dispose waits for another thread that sends to the same operator does not deadlock.
@Suite("Operators dispose their sources outside their lock")
struct DisposeOutsideLockTests {
  @Test(
    "The first source fails; its dispose waits for a send to the second source on another thread",
    arguments: ["flatMap", "merge", "combineLatest", "zip", "sample"])
  func disposeWaitsForAnotherSender(operator name: String) {
    let other = PublishSubject<Int>()
    let sent = DispatchSemaphore(value: 0)
    // Fails at once; when disposed, has another thread send to `other` and waits for it.
    let failing = Observable<Int>.create { observer in
      observer.onNext(1)
      return Disposables.create {
        Thread.detachNewThread {
          other.onNext(2)
          sent.signal()
        }
        #expect(Watchdog.wait(sent), "the other source's sender waited for the dispose")
      }
    }
    let trigger = PublishSubject<Int>()
    let source = Observable.merge(failing, trigger)
    let observable: Observable<Int> =
      switch name {
      case "flatMap": Observable.of(source, other.asObservable()).flatMap { $0 }
      case "merge": Observable.of(source, other.asObservable()).merge()
      case "combineLatest": Observable.combineLatest(source, other) { $0 + $1 }
      case "zip": Observable.zip(source, other) { $0 + $1 }
      default: source.sample(other)
      }
    let recorder = Recorder<Int>()
    let subscription = observable.subscribe(recorder)
    trigger.onError(TestError())
    #expect(recorder.error as? TestError == TestError())
    subscription.dispose()
  }
}
