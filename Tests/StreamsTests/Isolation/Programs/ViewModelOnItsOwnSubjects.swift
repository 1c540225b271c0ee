// Race-free: a main-actor type feeds its own subjects on the main actor and updates its state in
// every kind of closure. Nothing leaves the main actor: no diagnostic in either language mode.
import Streams

@MainActor
final class SearchViewModel {
  var results: [String] = []
  var searches = 0
  let query = PublishSubject<String>()
  let selection = BehaviorRelay<Int>(value: 0)
  let bag = DisposeBag()

  func bind() {
    query
      .map { $0.lowercased() }
      .filter { !$0.isEmpty && self.searches < 100 }
      .do(onNext: { _ in self.searches += 1 })
      .scan([String]()) { $0 + [$1] }
      .distinctUntilChanged { $0.count == $1.count }
      .subscribe(onNext: { self.results = $0 }, onCompleted: { self.results = [] })
      .disposed(by: bag)
    selection
      .withLatestFrom(query) { index, text in "\(index):\(text)" }
      .flatMapLatest { Observable.just($0) }
      .subscribe(with: self, onNext: { model, text in model.results.append(text) })
      .disposed(by: bag)
    query.onNext("Swift")
  }
}
