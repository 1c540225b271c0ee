import Streams
import StreamsTest

/// One operator's picture: scripted inputs, run on a `TestScheduler`, drawn from what it recorded.
public struct MarbleCatalogEntry: Sendable {
  /// The picture's name; the file is `marble-<name>.svg`.
  public let name: String
  /// The DocC article that shows the picture, such as `TransformingOperators`.
  public let article: String
  private let run: @Sendable () throws -> MarbleDiagram

  /// Creates an entry whose diagram comes from `run`.
  public init(name: String, article: String, run: @escaping @Sendable () throws -> MarbleDiagram) {
    self.name = name
    self.article = article
    self.run = run
  }

  /// The resource file name DocC finds the picture by.
  public var fileName: String { "marble-\(name).svg" }

  /// Runs the operator in virtual time and returns its diagram.
  public func diagram() throws -> MarbleDiagram { try run() }
}

/// The shapes of runs the catalog draws: one input, two inputs, a source of inner sequences, and
/// several subscribers of one shared sequence.
///
/// Inputs are hot marble strings whose first character is at the subscription time (200), so frame
/// 0 of the picture is the subscription. `resolution` is the test scheduler's seconds per tick: the
/// time operators use `0.001`, so `.milliseconds(20)` is 20 ticks, two frames.
enum Run {
  typealias Source = Observable<String>

  static func unary(
    _ name: String, _ article: String, caption: String, source: String, resolution: Double = 1,
    errors: [Character: any Error] = [:],
    _ operator: @escaping @Sendable (Source, TestScheduler) -> Source
  ) -> MarbleCatalogEntry {
    MarbleCatalogEntry(name: name, article: article) {
      let scheduler = TestScheduler(initialClock: 0, resolution: resolution)
      let input = try scheduler.createHotObservable(source, errors: errors)
      let result = scheduler.start { `operator`(input.asObservable(), scheduler) }
      return MarbleDiagram(
        caption: caption, inputs: [.init(label: "source", events: input.recordedEvents)],
        outputs: [.init(label: "result", events: result.events)])
    }
  }

  static func binary(
    _ name: String, _ article: String, caption: String, source: String, other: String, otherLabel: String = "other",
    resolution: Double = 1, errors: [Character: any Error] = [:],
    _ operator: @escaping @Sendable (Source, Source, TestScheduler) -> Source
  ) -> MarbleCatalogEntry {
    MarbleCatalogEntry(name: name, article: article) {
      let scheduler = TestScheduler(initialClock: 0, resolution: resolution)
      let first = try scheduler.createHotObservable(source, errors: errors)
      let second = try scheduler.createHotObservable(other, errors: errors)
      let result = scheduler.start { `operator`(first.asObservable(), second.asObservable(), scheduler) }
      return MarbleDiagram(
        caption: caption,
        inputs: [
          .init(label: "source", events: first.recordedEvents),
          .init(label: otherLabel, events: second.recordedEvents),
        ],
        outputs: [.init(label: "result", events: result.events)])
    }
  }

  /// A hot source whose elements name cold inner sequences; every subscription to an inner
  /// sequence is drawn as its own line, from its subscription to its end or its unsubscription.
  static func flattening(
    _ name: String, _ article: String, caption: String, source: String, inners: [Character: String],
    errors: [Character: any Error] = [:],
    _ operator: @escaping @Sendable (Source, @escaping @Sendable (String) -> Source) -> Source
  ) -> MarbleCatalogEntry {
    MarbleCatalogEntry(name: name, article: article) {
      let scheduler = TestScheduler(initialClock: 0)
      let input = try scheduler.createHotObservable(source, errors: errors)
      var cold: [String: TestableObservable<String>] = [:]
      for (key, diagram) in inners {
        cold[String(key)] = try scheduler.createColdObservable(diagram, errors: errors)
      }
      let lookup = UncheckedLookup(cold)
      let result = scheduler.start {
        `operator`(input.asObservable()) { key in lookup.observable(for: key) }
      }
      let innerLines = inners.keys.map(String.init).sorted().flatMap { key in
        subscriptionLines(of: cold[key]!, label: "inner(\(key))")
      }
      return MarbleDiagram(
        caption: caption,
        inputs: [.init(label: "source", events: input.recordedEvents)] + innerLines.sorted { $0.start! < $1.start! },
        outputs: [.init(label: "result", events: result.events)])
    }
  }

  /// Cold sources, each drawn once per subscription from its subscription time.
  static func cold(
    _ name: String, _ article: String, caption: String, sources: [(label: String, diagram: String)],
    errors: [Character: any Error] = [:], _ operator: @escaping @Sendable ([Source]) -> Source
  ) -> MarbleCatalogEntry {
    MarbleCatalogEntry(name: name, article: article) {
      let scheduler = TestScheduler(initialClock: 0)
      let inputs = try sources.map { try scheduler.createColdObservable($0.diagram, errors: errors) }
      let result = scheduler.start { `operator`(inputs.map { $0.asObservable() }) }
      let lines = zip(sources, inputs).flatMap { source, input in
        subscriptionLines(of: input, label: source.label, inner: false)
      }
      return MarbleDiagram(
        caption: caption, inputs: lines, outputs: [.init(label: "result", events: result.events)])
    }
  }

  /// A cold source subscribed to by the operator, possibly several times (as `retry` does); each
  /// subscription is drawn as its own line.
  static func resubscribing(
    _ name: String, _ article: String, caption: String, source: String, fallback: String? = nil,
    errors: [Character: any Error] = [:], disposeAt: TestTime = TestScheduler.Defaults.disposed,
    _ operator: @escaping @Sendable (Source, Source) -> Source
  ) -> MarbleCatalogEntry {
    MarbleCatalogEntry(name: name, article: article) {
      let scheduler = TestScheduler(initialClock: 0)
      let input = try scheduler.createColdObservable(source, errors: errors)
      let other = try scheduler.createColdObservable(fallback ?? "|", errors: errors)
      let result = scheduler.start(disposed: disposeAt) { `operator`(input.asObservable(), other.asObservable()) }
      let lines =
        subscriptionLines(of: input, label: "source", inner: false)
        + subscriptionLines(of: other, label: "fallback")
      return MarbleDiagram(
        caption: caption, inputs: lines, outputs: [.init(label: "result", events: result.events)])
    }
  }

  /// One subscriber of a shared sequence: its name, and the frames it subscribes and disposes at.
  struct Subscriber: Sendable {
    let label: String
    let from: Int
    let until: Int?
    init(_ label: String, from: Int, until: Int? = nil) {
      self.label = label
      self.from = from
      self.until = until
    }
  }

  /// What a sharing operator made of the source: the sequence subscribers subscribe to, and for a
  /// connectable observable its `connect()`.
  struct Shared {
    let observable: Source
    let connect: (() -> Disposable)?

    init(_ observable: Source) {
      self.observable = observable
      self.connect = nil
    }

    init<Connectable: ConnectableObservableType>(_ connectable: Connectable) where Connectable.Element == String {
      self.observable = connectable.asObservable()
      self.connect = { connectable.connect() }
    }
  }

  /// One shared sequence and several subscribers that come and go at the given frames; a
  /// connectable observable is connected at frame `connectAt`.
  static func sharing(
    _ name: String, _ article: String, caption: String, source: String, hot: Bool, subscribers: [Subscriber],
    connectAt: Int = 0, _ operator: @escaping @Sendable (Source) -> Shared
  ) -> MarbleCatalogEntry {
    MarbleCatalogEntry(name: name, article: article) {
      let scheduler = TestScheduler(initialClock: 0)
      let origin = TestScheduler.Defaults.subscribed
      let time = { (frame: Int) in origin + frame * 10 }
      let input = try hot ? scheduler.createHotObservable(source) : scheduler.createColdObservable(source)
      let shared = `operator`(input.asObservable())
      let observers = subscribers.map { _ in scheduler.createObserver(String.self) }
      var subscriptions: [Disposable?] = Array(repeating: nil, count: subscribers.count)
      var connection: Disposable?
      if let connect = shared.connect {
        _ = scheduler.scheduleAt(time(connectAt)) { connection = connect() }
      }
      for (index, subscriber) in subscribers.enumerated() {
        _ = scheduler.scheduleAt(time(subscriber.from)) {
          subscriptions[index] = shared.observable.subscribe(observers[index])
        }
        let until = subscriber.until.map(time) ?? TestScheduler.Defaults.disposed
        _ = scheduler.scheduleAt(until) { subscriptions[index]?.dispose() }
      }
      _ = scheduler.scheduleAt(TestScheduler.Defaults.disposed) { connection?.dispose() }
      scheduler.start()
      let sourceLines =
        hot
        ? [MarbleDiagram.Timeline(label: "source", events: input.recordedEvents)]
        : subscriptionLines(of: input, label: "source", inner: false)
      return MarbleDiagram(
        caption: caption, inputs: sourceLines,
        outputs: zip(subscribers, observers).map { subscriber, observer in
          MarbleDiagram.Timeline(
            label: subscriber.label, events: observer.events, start: time(subscriber.from),
            cut: subscriber.until.map(time))
        })
    }
  }

  /// One line per subscription to a cold observable: its events shifted to the subscription time,
  /// up to the unsubscription.
  static func subscriptionLines(
    of observable: TestableObservable<String>, label: String, inner: Bool = true
  ) -> [MarbleDiagram.Timeline] {
    observable.subscriptions.map { subscription in
      let events = observable.recordedEvents
        .map { Recorded(time: $0.time + subscription.subscribe, value: $0.value) }
        .filter { $0.time <= subscription.unsubscribe }
      let ended = events.contains { if case .next = $0.value { false } else { true } }
      let cut =
        ended || subscription.unsubscribe >= TestScheduler.Defaults.disposed ? nil : subscription.unsubscribe
      return .init(label: label, events: events, start: subscription.subscribe, cut: cut, isInner: inner)
    }
  }
}

/// The inner sequences of a flattening run, read from the operator's closure; the test scheduler
/// runs every action on one thread.
private struct UncheckedLookup: @unchecked Sendable {
  // Unchecked: only a `let` table, read by the test scheduler's actions, which run on one thread.
  let table: [String: TestableObservable<String>]
  init(_ table: [String: TestableObservable<String>]) { self.table = table }
  func observable(for key: String) -> Observable<String> {
    table[key]?.asObservable() ?? .error(MarbleError())
  }
}
