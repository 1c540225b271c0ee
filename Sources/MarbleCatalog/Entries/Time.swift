import Streams
import StreamsTest

extension MarbleCatalog {
  static let time: [MarbleCatalogEntry] = [
    timed("debounce", caption: "debounce(.milliseconds(30), scheduler: scheduler)", source: "-a-b------c-|") {
      $0.debounce(.milliseconds(30), scheduler: $1)
    },
    timed("debounceError", caption: "debounce(.milliseconds(30), scheduler: scheduler)", source: "-a-b#") {
      $0.debounce(.milliseconds(30), scheduler: $1)
    },
    timed("throttle", caption: "throttle(.milliseconds(40), scheduler: scheduler)", source: "-a-b---c-----|") {
      $0.throttle(.milliseconds(40), scheduler: $1)
    },
    timed(
      "throttleFirst", caption: "throttle(.milliseconds(40), latest: false, scheduler: scheduler)",
      source: "-a-b-c-d-|"
    ) { $0.throttle(.milliseconds(40), latest: false, scheduler: $1) },
    timed("throttleReplace", caption: "throttle(.milliseconds(40), scheduler: scheduler)", source: "-a-b-c-|") {
      $0.throttle(.milliseconds(40), scheduler: $1)
    },
    timed("throttleCompletion", caption: "throttle(.milliseconds(40), scheduler: scheduler)", source: "-a-b|") {
      $0.throttle(.milliseconds(40), scheduler: $1)
    },
    timed("delay", caption: "delay(.milliseconds(20), scheduler: scheduler)", source: "-a-b-|") {
      $0.delay(.milliseconds(20), scheduler: $1)
    },
    timed("delayError", caption: "delay(.milliseconds(20), scheduler: scheduler)", source: "-a-b#") {
      $0.delay(.milliseconds(20), scheduler: $1)
    },
    MarbleCatalogEntry(name: "delaySubscription", article: article) {
      let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
      let source = try scheduler.createColdObservable("-a-b-|")
      let result = scheduler.start { source.asObservable().delaySubscription(.milliseconds(30), scheduler: scheduler) }
      return MarbleDiagram(
        caption: "delaySubscription(.milliseconds(30), scheduler: scheduler)",
        inputs: Run.subscriptionLines(of: source, label: "source", inner: false),
        outputs: [.init(label: "result", events: result.events)])
    },
    timed("timeout", caption: "timeout(.milliseconds(30), scheduler: scheduler)", source: "-a-b-----c-|") {
      $0.timeout(.milliseconds(30), scheduler: $1)
    },
    timed("timeoutTie", caption: "timeout(.milliseconds(20), scheduler: scheduler)", source: "--a-b-|") {
      $0.timeout(.milliseconds(20), scheduler: $1)
    },
    MarbleCatalogEntry(name: "timeoutOther", article: article) {
      let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
      let source = try scheduler.createHotObservable("-a------b-|")
      let other = try scheduler.createColdObservable("-x-y-|")
      let result = scheduler.start {
        source.asObservable().timeout(.milliseconds(30), other: other.asObservable(), scheduler: scheduler)
      }
      return MarbleDiagram(
        caption: "timeout(.milliseconds(30), other: other, scheduler: scheduler)",
        inputs: [.init(label: "source", events: source.recordedEvents)]
          + Run.subscriptionLines(of: other, label: "other"),
        outputs: [.init(label: "result", events: result.events)])
    },
    timed(
      "buffer", caption: "buffer(timeSpan: .milliseconds(40), count: 3, scheduler: scheduler)", source: "-abc-----d|"
    ) { $0.buffer(timeSpan: .milliseconds(40), count: 3, scheduler: $1).map { "[\($0.joined())]" } },
    MarbleCatalogEntry(name: "window", article: article) {
      let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
      let source = try scheduler.createHotObservable("-ab----c-|")
      var windows: [(label: String, observer: TestableObserver<String>, start: TestTime)] = []
      let result = scheduler.start {
        source.asObservable()
          .window(timeSpan: .milliseconds(40), count: 2, scheduler: scheduler)
          .enumerated()
          .map { index, window -> String in
            let label = "w\(index)"
            let observer = scheduler.createObserver(String.self)
            windows.append((label, observer, scheduler.clock))
            _ = window.subscribe(observer)
            return label
          }
      }
      return MarbleDiagram(
        caption: "window(timeSpan: .milliseconds(40), count: 2, scheduler: scheduler)",
        inputs: [.init(label: "source", events: source.recordedEvents)],
        outputs: [.init(label: "result", events: result.events)]
          + windows.map { .init(label: $0.label, events: $0.observer.events, start: $0.start, isInner: true) })
    },
    timed("observeOn", caption: "observe(on: scheduler)", source: "-a-b-|", resolution: 1) {
      $0.observe(on: $1)
    },
    MarbleCatalogEntry(name: "subscribeOn", article: article) {
      let scheduler = TestScheduler(initialClock: 0)
      let source = try scheduler.createColdObservable("-a-|")
      let result = scheduler.start { source.asObservable().subscribe(on: scheduler) }
      return MarbleDiagram(
        caption: "subscribe(on: scheduler)", inputs: Run.subscriptionLines(of: source, label: "source", inner: false),
        outputs: [.init(label: "result", events: result.events)])
    },
  ]

  /// A time operator on one hot source, with a test scheduler of one millisecond per tick.
  private static func timed(
    _ name: String, caption: String, source: String, resolution: Double = 0.001,
    _ operator: @escaping @Sendable (Observable<String>, TestScheduler) -> Observable<String>
  ) -> MarbleCatalogEntry {
    Run.unary(name, article, caption: caption, source: source, resolution: resolution, `operator`)
  }
}

private let article = "TimeOperators"
