import Streams
import Testing

/// The well-known interceptor "retry" signalling, written as users write it with RxSwift: waiters
/// subscribe to a shared `PublishSubject<Void>` into a `DisposeBag`, and the bag is replaced from
/// inside `onNext`. It must compile in Swift 6 mode and behave exactly as under RxSwift.
@Suite("The classic interceptor retry pattern (Swift 6 mode)")
struct InterceptorPatternTests {
  final class Interceptor: @unchecked Sendable {
    static let retryObservable = PublishSubject<Void>()
    var disposeBag = DisposeBag()
    var retried = 0

    func waitForRetry() {
      Interceptor.retryObservable
        .subscribe(onNext: { [weak self] in
          guard let self else { return }
          retried += 1
          disposeBag = DisposeBag()
        })
        .disposed(by: disposeBag)
    }
  }

  @Test("Every waiter subscribed before the signal is retried exactly once")
  func everyWaiterRetriedOnce() {
    let interceptor = Interceptor()
    for _ in 0..<5 { interceptor.waitForRetry() }
    Interceptor.retryObservable.onNext(())
    // As in RxSwift, the signal reaches every observer of the snapshot taken when it was sent,
    // although the first one disposed the bag that held them all.
    #expect(interceptor.retried == 5)
    Interceptor.retryObservable.onNext(())
    #expect(interceptor.retried == 5)
    #expect(!Interceptor.retryObservable.hasObservers)
  }

  @Test("A waiter that subscribes after the signal waits forever (the race the pattern has)")
  func lateWaiterMissesSignal() {
    let subject = PublishSubject<Void>()
    var retried = 0
    subject.onNext(())
    let subscription = subject.subscribe(onNext: { retried += 1 })
    #expect(retried == 0)
    subscription.dispose()
  }
}
