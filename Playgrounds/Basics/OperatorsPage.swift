import Streams

/// Page 3: operators build new sequences from old ones.
func operatorsPage() {
  page(3, "Operators", "Operators return new Observables; each subscription runs the whole chain.")
  let words = PublishSubject<String>()
  _ =
    words
    .map { $0.lowercased() }
    .filter { !$0.isEmpty }
    .compactMap { Int($0) ?? ($0 == "ten" ? 10 : nil) }
    .skip(1)
    .take(2)
    .subscribe(onNext: { show("got \($0)") }, onCompleted: { show("take(2) completed and disposed upstream") })
  for word in ["1", "", "2", "TEN", "3"] { words.onNext(word) }
  show("words still has observers: \(words.hasObservers)")

  let shared = Observable.of("expensive").do(onNext: { _ in show("(the source runs)") }).share(replay: 1)
  _ = shared.subscribe(onNext: { show("first subscriber: \($0)") })
  show("share(replay:) runs the source once per connection and replays to late subscribers.")
}
