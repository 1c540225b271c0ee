import Streams

/// Page 2: subjects are observers and observables at once.
func subjectsPage() {
  page(2, "Subjects", "A subject forwards what it receives. They differ in what a late subscriber gets first.")
  let publish = PublishSubject<String>()
  let behavior = BehaviorSubject(value: "initial")
  let replay = ReplaySubject<String>.create(bufferSize: 2)
  for subject in [AnyObserver(publish), AnyObserver(behavior), AnyObserver(replay)] {
    subject.onNext("a")
    subject.onNext("b")
  }
  _ = publish.subscribe(onNext: { show("PublishSubject late subscriber got \($0)") })
  _ = behavior.subscribe(onNext: { show("BehaviorSubject late subscriber got \($0)") })
  _ = replay.subscribe(onNext: { show("ReplaySubject(bufferSize: 2) late subscriber got \($0)") })
  publish.onNext("c")
  show("PublishSubject: only what comes after subscribing. BehaviorSubject: the current value first.")
  show("ReplaySubject: its buffer first. All three then get every new value.")
  let relay = BehaviorRelay(value: 0)
  relay.accept(42)
  show("A BehaviorRelay never fails or completes, so its value reads without try: \(relay.value)")
}
