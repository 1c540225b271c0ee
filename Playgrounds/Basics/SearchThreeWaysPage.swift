import Observation
import Streams
import StreamsTest

/// Page 8: the search of page 7 three ways (Rx, an async sequence, Observation) on one virtual
/// clock, with identical timelines.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
func searchThreeWaysPage() async {
  page(
    8, "Search three ways, one clock",
    "The same search as you type (debounce 50 ms, skip repeats, a search takes 100 ms, a new one cancels\n"
      + "the last) written with Rx, with an async sequence and with an @Observable model. One TestScheduler\n"
      + "is the Rx scheduler and, through asClock(), the Swift Clock of the async code, so all three run\n"
      + "in the same virtual time and print the same timeline.")
  let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
  let clock = scheduler.asClock()
  // What the user types, at which millisecond.
  let typing: [(Int, String)] = [(10, "s"), (20, "sw"), (30, "swi"), (40, "swift"), (200, "rx"), (280, "rxs")]
  let rx = SearchTimeline(scheduler)
  let async = SearchTimeline(scheduler)
  let observation = SearchTimeline(scheduler)
  let bag = DisposeBag()

  // 1. Rx: keystrokes as a hot observable, the search as an async closure in asyncFlatMapLatest.
  scheduler.createHotObservable(typing.map { Recorded.next($0.0, $0.1) })
    .debounce(.milliseconds(50), scheduler: scheduler)
    .distinctUntilChanged()
    .asyncFlatMapLatest { @MainActor query in try await searchService(query, clock, rx) }
    .subscribe(onNext: { rx.log("results \($0.joined(separator: ", "))") })
    .disposed(by: bag)

  // 2. An async sequence: keystrokes from an AsyncStream, debounced and switched with tasks that
  //    sleep on the same clock.
  let (keystrokes, keyboard) = AsyncStream.makeStream(of: String.self)
  Task { @MainActor in
    for (time, text) in typing {
      try await clock.sleep(until: .init(offset: .milliseconds(time)))
      keyboard.yield(text)
    }
  }
  Task { @MainActor in
    var pause: Task<Void, Never>?
    var search: Task<Void, Never>?
    var last: String?
    for await text in keystrokes {
      pause?.cancel()
      pause = Task { @MainActor in
        guard (try? await clock.sleep(for: .milliseconds(50))) != nil, text != last else { return }
        last = text
        search?.cancel()
        search = Task { @MainActor in
          guard let results = try? await searchService(text, clock, async) else { return }
          async.log("results \(results.joined(separator: ", "))")
        }
      }
    }
  }

  // 3. Observation: an @Observable model the keyboard writes to, observed as a sequence; the
  //    results go to an ObservedValue, which a SwiftUI view would read.
  let field = SearchField()
  for (time, text) in typing {
    scheduler.scheduleAt(time) { field.query = text }
  }
  let results = ObservedValue(
    Observable.observe(field, \.query, scheduler: scheduler)
      .filter { !$0.isEmpty }
      .debounce(.milliseconds(50), scheduler: scheduler)
      .distinctUntilChanged()
      .asyncFlatMapLatest { @MainActor query in try await searchService(query, clock, observation) }
      .do(onNext: { observation.log("results \($0.joined(separator: ", "))") }),
    initial: [])

  await clock.advance(by: .seconds(1))
  for (name, timeline) in [("Rx", rx), ("async sequence", async), ("Observation", observation)] {
    show("\(name):")
    for line in timeline.lines { show("  \(line)") }
  }
  show("The three timelines are identical: \(rx.lines == async.lines && async.lines == observation.lines).")
  show("The ObservedValue a SwiftUI view would read holds \(results.value).")
}

/// The backend: takes 100 ms of the clock's time, logs when it starts.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
@MainActor
private func searchService(
  _ query: String, _ clock: VirtualTimeClock<TestSchedulerVirtualTimeConverter>, _ timeline: SearchTimeline
) async throws -> [String] {
  timeline.log("search \"\(query)\"")
  try await clock.sleep(for: .milliseconds(100))
  return ["\(query)-1", "\(query)-2"]
}

/// One way's timeline, at virtual milliseconds.
@MainActor
private final class SearchTimeline {
  private(set) var lines: [String] = []
  private let scheduler: TestScheduler

  init(_ scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  func log(_ line: String) {
    lines.append("\(scheduler.clock) ms: \(line)")
  }
}

/// The search field's model, as a SwiftUI screen would have it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable
private final class SearchField {
  var query = ""
}
