// The races that no compile-time rule can see (the scheduler is a value): they compile in both
// language modes, and IsolationProbeTests shows that a debug build stops at each.
import Streams

@MainActor
final class ViewModel {
  var count = 0
  let bag = DisposeBag()

  func bind(_ source: Observable<Int>) {
    source
      .observe(on: ConcurrentDispatchQueueScheduler(qos: .background))
      .map { value -> Int in
        self.count += value
        return value
      }
      .subscribe()
      .disposed(by: bag)
    source
      .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
      .subscribe(onNext: { self.count += $0 })
      .disposed(by: bag)
  }
}
