import Streams
import StreamsTestSupport
import Testing

/// What a subject and a `subscribe(onNext:)` subscription to it keep alive, and for how long: the
/// subject holds the observer, the subscription holds the subject, and nothing holds the
/// subscription but its caller. Pins the lifetimes that a subject with fewer objects must keep.
@Suite("Subject lifetimes")
struct SubjectLifetimeTests {
  /// One of each subject, with its observer face.
  static let subjects: [(name: String, make: @Sendable () -> (Observable<Int>, ObserverOf))] = [
    ("PublishSubject", { faces(PublishSubject<Int>()) }),
    ("BehaviorSubject", { faces(BehaviorSubject(value: 0)) }),
    ("ReplaySubject", { faces(ReplaySubject<Int>.create(bufferSize: 1)) }),
    ("AsyncSubject", { faces(AsyncSubject<Int>()) }),
  ]

  /// `subject` as an observable and as an observer.
  static func faces<Subject: Observable<Int> & ObserverType & Cancelable>(
    _ subject: Subject
  ) -> (Observable<Int>, ObserverOf) where Subject.Element == Int {
    (subject, ObserverOf(subject))
  }

  /// A subject's observer face and its `dispose()`, erased.
  struct ObserverOf: Sendable {
    let send: @Sendable (Event<Int>) -> Void
    let dispose: @Sendable () -> Void

    init<Subject: ObserverType & Cancelable>(_ subject: Subject) where Subject.Element == Int {
      send = { subject.on($0) }
      dispose = { subject.dispose() }
    }
  }

  /// Subscribes to a new subject with a closure that captures a tracked object, sends a value,
  /// runs `end` with the subject and the subscription, then lets go of both; reports which of the
  /// subject, the subscription and the closure's object are still alive.
  func alive(
    _ make: () -> (Observable<Int>, ObserverOf), end: (ObserverOf, Disposable) -> Void
  ) -> (subject: Bool, subscription: Bool, closure: Bool) {
    weak var weakSubject: AnyObject?
    weak var weakSubscription: AnyObject?
    weak var weakTracked: Tracked?
    do {
      let (subject, observer) = make()
      let tracked = Tracked()
      weakSubject = subject
      weakTracked = tracked
      let subscription = subject.subscribe(onNext: { _ in _ = tracked })
      weakSubscription = subscription as AnyObject
      observer.send(.next(1))
      end(observer, subscription)
    }
    return (weakSubject != nil, weakSubscription != nil, weakTracked != nil)
  }

  /// Runs ``alive(_:end:)`` with the subject named `name`, and expects nothing kept alive.
  func expectReleased(
    _ name: String, sourceLocation: SourceLocation = #_sourceLocation, end: (ObserverOf, Disposable) -> Void
  ) throws {
    let make = try #require(Self.subjects.first { $0.name == name }, sourceLocation: sourceLocation).make
    let kept = alive(make, end: end)
    #expect(!kept.subject, "the subject", sourceLocation: sourceLocation)
    #expect(!kept.subscription, "the subscription", sourceLocation: sourceLocation)
    #expect(!kept.closure, "the closure", sourceLocation: sourceLocation)
  }

  @Test("After dispose, nothing is kept alive", arguments: subjects.map(\.name))
  func releasedAfterDispose(_ name: String) throws {
    try expectReleased(name) { _, subscription in subscription.dispose() }
  }

  @Test("After the subject completes, nothing is kept alive", arguments: subjects.map(\.name))
  func releasedAfterCompletion(_ name: String) throws {
    try expectReleased(name) { observer, _ in observer.send(.completed) }
  }

  @Test("After the subject fails, nothing is kept alive", arguments: subjects.map(\.name))
  func releasedAfterError(_ name: String) throws {
    try expectReleased(name) { observer, _ in observer.send(.error(TestError())) }
  }

  /// As in RxSwift, a subscription that was neither disposed nor ended does not keep its subject
  /// alive: only the caller holds the subscription, and the subject holds the observer, not the
  /// subscription. (An object that is both would make a cycle with the subject.)
  @Test("A subject and an undisposed subscription, both let go, are released", arguments: subjects.map(\.name))
  func releasedWhenLetGo(_ name: String) throws {
    try expectReleased(name) { _, _ in }
  }

  /// `dispose()` releases the closures (the ``Disposable`` contract), even while the caller still
  /// holds the subscription: a closure that captures its owner, which holds the subscription,
  /// must not keep that owner alive once disposed.
  @Test("Dispose releases the closures while the subscription is still held", arguments: subjects.map(\.name))
  func disposeReleasesClosures(_ name: String) throws {
    let (subject, observer) = try #require(Self.subjects.first { $0.name == name }).make()
    weak var weakTracked: Tracked?
    var subscription: Disposable?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = subject.subscribe(onNext: { _ in _ = tracked })
      observer.send(.next(1))
    }
    subscription?.dispose()
    #expect(weakTracked == nil)
    withExtendedLifetime(subscription) {}
    withExtendedLifetime(subject) {}
  }

  /// Disposing the subject releases its observers at once, and the subject once let go.
  @Test("Disposing the subject releases it and its observers", arguments: subjects.map(\.name))
  func releasedAfterSubjectDispose(_ name: String) throws {
    try expectReleased(name) { observer, _ in observer.dispose() }
  }
}
