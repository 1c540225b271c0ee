// Races through a trait and a time operator compile in both language modes (the scheduler is a
// value); the check at run time catches them (TraitIsolationTests, IsolationProbeTests).
import Streams

@MainActor
final class ProfileViewModel {
  var name = ""
  var ticks = 0
  let bag = DisposeBag()

  func load(_ request: Single<String>) {
    request
      .observe(on: ConcurrentDispatchQueueScheduler(qos: .background))
      .map { $0.uppercased() }
      .subscribe(onSuccess: { self.name = $0 })
      .disposed(by: bag)
    Observable<Int>.interval(.seconds(1), scheduler: ConcurrentDispatchQueueScheduler(qos: .background))
      .subscribe(onNext: { _ in self.ticks += 1 })
      .disposed(by: bag)
  }
}
