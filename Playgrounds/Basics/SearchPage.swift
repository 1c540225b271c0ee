import Streams
import StreamsTest

/// Page 7: search as you type, on a virtual clock.
func searchPage() {
  page(
    7, "Search as you type",
    "debounce waits for a pause in typing, distinctUntilChanged skips repeated queries, flatMapLatest\n"
      + "cancels a stale search when a new one starts, catchAndReturn turns a failed search into no results.\n"
      + "A TestScheduler plays the keystrokes and the network in virtual time, so this runs instantly.")
  let clock = TestScheduler(initialClock: 0)
  let keystrokes = clock.createHotObservable([
    .next(210, "s"), .next(220, "sw"), .next(230, "swi"), .next(240, "swift"),  // typing fast
    .next(400, "swift"),  // the same query again after a pause: skipped
    .next(500, "rx"), .next(580, "rxs"),  // "rx" is still searching when "rxs" starts
    .next(800, "fail"),  // the backend fails for this one
  ])

  func search(_ query: String) -> Observable<[String]> {
    show("\(clock.clock): searching \"\(query)\"")
    if query == "fail" {
      return Observable.error(StreamsError.timeout).delaySubscription(.seconds(30), scheduler: clock)
    }
    return Observable.just(["\(query)-1", "\(query)-2"]).delay(.seconds(100), scheduler: clock)
  }

  let results = clock.start(disposed: 2000) {
    keystrokes
      .debounce(.seconds(50), scheduler: clock)
      .distinctUntilChanged()
      .flatMapLatest { query in search(query).catchAndReturn([]) }
      .do(onNext: { show("\(clock.clock): results \($0)") })
  }
  show("\(results.events.count) result lists in all.")
  show("Four keystrokes made one search; \"rx\" was cancelled by \"rxs\"; the failure showed no results.")
}
