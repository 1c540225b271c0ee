import Streams
import StreamsTestSupport
import Testing

/// `subscribe(onNext:)` with no other closure, on the hot sources that keep their observers in a
/// list and deliver from a snapshot of it (the subjects and `share` while connected): what RxSwift's
/// observer with only `onNext` does, pinned for any way of keeping that closure (an observer object
/// with its own stopped flag today; the closure kept in the subject's list was tried, see the
/// README's benchmark notes on row D).
@Suite("Subjects: subscribe(onNext:) alone")
struct SubjectOnNextOnlyTests {
  /// A hot source and the way to send into it.
  struct Source: Sendable {
    let name: String
    let make: @Sendable () -> (Observable<Int>, @Sendable (Event<Int>) -> Void)
  }

  static let sources: [Source] = [
    Source(name: "PublishSubject") {
      let subject = PublishSubject<Int>()
      return (subject.asObservable(), { subject.on($0) })
    },
    Source(name: "BehaviorSubject") {
      let subject = BehaviorSubject(value: 0)
      return (subject.asObservable(), { subject.on($0) })
    },
    Source(name: "ReplaySubject") {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      return (subject.asObservable(), { subject.on($0) })
    },
    Source(name: "share(replay: 1) while connected") {
      let subject = PublishSubject<Int>()
      return (subject.share(replay: 1, scope: .whileConnected), { subject.on($0) })
    },
  ]

  static func source(_ name: String) throws -> Source {
    try #require(sources.first { $0.name == name })
  }

  @Test(
    "An element sent before a re-entrant completion does not reach a later subscriber after it",
    arguments: sources.map(\.name))
  func reentrantCompletionStopsLaterSubscribers(_ name: String) throws {
    let (observable, send) = try Self.source(name).make()
    let first = ValueLog<Int>()
    let second = ValueLog<Int>()
    let withClosures = Log()
    let subscriptions = [
      observable.subscribe(onNext: { value in
        first.append(value)
        if value == 2 { send(.completed) }
      }),
      observable.subscribe(onNext: { second.append($0) }),
      observable.subscribe(onNext: { withClosures("next \($0)") }, onCompleted: { withClosures("completed") }),
    ]
    send(.next(1))
    send(.next(2))
    send(.next(3))
    let initial = name == "BehaviorSubject" ? [0] : []
    #expect(first.entries == initial + [1, 2])
    // As RxSwift's observer with only `onNext` (its own stopped flag): 2 was being delivered when
    // the first subscriber completed the source, so the ones after it no longer receive it.
    #expect(second.entries == initial + [1])
    #expect(withClosures.entries == initial.map { "next \($0)" } + ["next 1", "completed"])
    subscriptions.forEach { $0.dispose() }
  }

  @Test("A re-entrant element still reaches every subscriber", arguments: sources.map(\.name))
  func reentrantElementReachesAll(_ name: String) throws {
    let (observable, send) = try Self.source(name).make()
    let second = ValueLog<Int>()
    let subscriptions = [
      observable.subscribe(onNext: { value in if value == 1 { send(.next(10)) } }),
      observable.subscribe(onNext: { second.append($0) }),
    ]
    send(.next(1))
    let initial = name == "BehaviorSubject" ? [0] : []
    #expect(second.entries == initial + [10, 1])
    subscriptions.forEach { $0.dispose() }
  }

  @Test("An element sent before dispose() of the subject still reaches later subscribers")
  func subjectDisposeDoesNotStopADelivery() {
    let subject = PublishSubject<Int>()
    let second = ValueLog<Int>()
    _ = subject.subscribe(onNext: { _ in subject.dispose() })
    _ = subject.subscribe(onNext: { second.append($0) })
    subject.onNext(1)
    subject.onNext(2)
    // dispose() is not a terminal event: a subscriber with closures would receive the element too.
    #expect(second.entries == [1])
  }

  @Test("AsyncSubject sends its last element, then completes, to a subscriber with only onNext")
  func asyncSubjectLastElement() {
    let subject = AsyncSubject<Int>()
    let seen = ValueLog<Int>()
    _ = subject.subscribe(onNext: { seen.append($0) })
    subject.onNext(1)
    subject.onNext(2)
    #expect(seen.entries.isEmpty)
    subject.onCompleted()
    #expect(seen.entries == [2])
    _ = subject.subscribe(onNext: { seen.append($0) })
    #expect(seen.entries == [2, 2])
  }
}
