import Streams

extension TestScheduler {
  /// Creates an observer that records each event it receives with the clock at that moment.
  public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
    TestableObserver(scheduler: self)
  }

  /// Creates a hot observable: each recorded event is sent at its absolute time to the observers
  /// subscribed at that moment, whether or not anyone is subscribed.
  ///
  /// The events are scheduled now with ``scheduleAt(_:action:)``, sorted by time (events with equal
  /// times keep their order). An event at the very time of a later-scheduled subscribe, such as
  /// 200 with ``start(fileID:filePath:line:_:)``, is sent before that subscribe and so is not seen. Subscribing records
  /// `Subscription(clock)`; disposing records `Subscription(subscribe, clock)`. Disposing the same
  /// subscription twice is reported as a test failure, attributed to the line that created the
  /// observable.
  public func createHotObservable<Element>(
    _ events: [Recorded<Event<Element>>],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> TestableObservable<Element> {
    TestableObservable(
      kind: .hot, events: events, scheduler: self,
      location: SourceLocationBox(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a cold observable: each subscription gets the recorded events at their times counted
  /// from its subscribe time.
  ///
  /// An event at time 0 is sent at the subscribe time itself, right after the subscribe call
  /// returns. Subscribing records `Subscription(clock)`; disposing records
  /// `Subscription(subscribe, clock)` and cancels the events not yet sent. Disposing the same
  /// subscription twice is reported as a test failure.
  public func createColdObservable<Element>(
    _ events: [Recorded<Event<Element>>],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> TestableObservable<Element> {
    TestableObservable(
      kind: .cold, events: events, scheduler: self,
      location: SourceLocationBox(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates the sequence under test at `created`, subscribes to it at `subscribed`, disposes the
  /// subscription at `disposed`, and runs the scheduler until its queue is empty.
  ///
  /// The times are absolute and scheduled with ``scheduleAt(_:action:)``. The dispose is always
  /// scheduled, even if the sequence ended earlier. The observer records every event with the time
  /// it arrived. Any `ObservableConvertibleType` works (`Observable`, `Single`, `Maybe`,
  /// `Completable`, `Infallible`, relays, test observables); it is subscribed through
  /// `asObservable()`. Calling this when the clock is already past `created` (for example a second
  /// `start` on the same scheduler) is reported as a test failure; the work still runs, all at once.
  ///
  /// - Returns: The observer that recorded the events.
  public func start<Element, Source: ObservableConvertibleType>(
    created: TestTime, subscribed: TestTime, disposed: TestTime,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    create: @escaping () -> Source
  ) -> TestableObserver<Element> where Source.Element == Element {
    let current = clock
    if created < current {
      TestFailureReporter.report(
        TestFailure(
          "start(created: \(created), subscribed: \(subscribed), disposed: \(disposed)) is in the past: the clock "
            + "is already at \(current), so all three would run at once. Use a new TestScheduler for each start, "
            + "or pass later times.",
          fileID: fileID, filePath: filePath, line: line))
    }
    var source: Observable<Element>?
    var subscription: Disposable?
    let observer = createObserver(Element.self)
    scheduleAt(created) {
      source = create().asObservable()
    }
    scheduleAt(subscribed) {
      guard let source else {
        TestFailureReporter.report(
          TestFailure(
            "start(created: \(created), subscribed: \(subscribed), …): the observable is subscribed to "
              + "before it is created; `created` must come before `subscribed`.",
            fileID: fileID, filePath: filePath, line: line))
        return
      }
      subscription = source.subscribe(observer)
    }
    scheduleAt(disposed) {
      subscription?.dispose()
    }
    start(fileID: fileID, filePath: filePath, line: line)
    return observer
  }

  /// Like ``start(created:subscribed:disposed:fileID:filePath:line:create:)`` with creation at 100
  /// and subscription at 200.
  public func start<Element, Source: ObservableConvertibleType>(
    disposed: TestTime,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    create: @escaping () -> Source
  ) -> TestableObserver<Element> where Source.Element == Element {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed,
      fileID: fileID, filePath: filePath, line: line, create: create)
  }

  /// Like ``start(created:subscribed:disposed:fileID:filePath:line:create:)`` with creation at 100,
  /// subscription at 200 and disposal at 1000.
  public func start<Element, Source: ObservableConvertibleType>(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    _ create: @escaping () -> Source
  ) -> TestableObserver<Element> where Source.Element == Element {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed,
      fileID: fileID, filePath: filePath, line: line, create: create)
  }
}

/// Where a test observable was created, for attributing failures found later.
struct SourceLocationBox: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func failure(_ message: String) -> TestFailure {
    TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
