import Streams
import Testing

// The classic interceptor retry pattern exactly as RxSwift users wrote it before Swift 6: mutable
// statics, a static subject, and a bag replaced from inside onNext. This target compiles in
// Swift 5 language mode.
final class LegacyInterceptor {
  static let retryObservable = PublishSubject<Void>()
  static var isRefreshing = false
  static var disposeBag = DisposeBag()
  static var completions = 0

  static func requestFailedWith401() {
    if isRefreshing {
      retryObservable
        .subscribe(onNext: {
          completions += 1
          disposeBag = DisposeBag()
        })
        .disposed(by: disposeBag)
    } else {
      isRefreshing = true
    }
  }

  static func refreshFinished() {
    isRefreshing = false
    completions += 1
    retryObservable.onNext(())
  }
}

@Test("Swift 5 mode: waiters subscribed before the signal all complete; the bag is replaced inside onNext")
func legacyInterceptorPattern() {
  for _ in 0..<4 { LegacyInterceptor.requestFailedWith401() }
  LegacyInterceptor.refreshFinished()
  #expect(LegacyInterceptor.completions == 4)
  #expect(!LegacyInterceptor.retryObservable.hasObservers)
}
