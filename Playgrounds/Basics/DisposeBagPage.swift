import Streams

/// Page 4: DisposeBag ends subscriptions when it goes away.
func disposeBagPage() {
  page(4, "DisposeBag", "Put subscriptions in a bag; replacing (or releasing) the bag disposes all of them.")
  let ticks = PublishSubject<Int>()
  var bag = DisposeBag()
  ticks.subscribe(onNext: { show("A got \($0)") }, onDisposed: { show("A disposed") }).disposed(by: bag)
  ticks.subscribe(onNext: { show("B got \($0)") }, onDisposed: { show("B disposed") }).disposed(by: bag)
  ticks.onNext(1)
  bag = DisposeBag()
  ticks.onNext(2)
  show("Nobody received 2: the old bag disposed both subscriptions. Observers left: \(ticks.hasObservers)")
  _ = bag
}
