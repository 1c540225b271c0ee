// Race-free: work moves to a background scheduler and comes back with
// observe(on: MainScheduler.instance) before the closures that touch main-actor state. No
// diagnostic in either language mode (the background step touches no main-actor state).
import Dispatch
import Streams

@MainActor
final class FeedViewModel {
  var titles: [String] = []
  let bag = DisposeBag()

  func load(_ ids: Observable<Int>) {
    ids
      .observe(on: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
      .map { @Sendable id in "item \(id)" }
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { self.titles.append($0) })
      .disposed(by: bag)
  }
}
