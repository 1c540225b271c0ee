import Dispatch

extension PrimitiveSequence {
  /// A trait sequence that calls `observableFactory` for each subscriber and subscribes to what it
  /// returns; an error thrown by the factory is sent to that subscriber.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func deferred(
    _ observableFactory: @escaping @isolated(any) () throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    let observableFactory =
      Isolation.checked(observableFactory, "deferred")
    return PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() })
  }

  /// Resubscribes after an error, up to `maxAttemptCount` subscriptions in all; the last attempt's
  /// error is sent. `retry(2)` retries once.
  public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(maxAttemptCount))
  }

  /// Resubscribes each time the sequence `notificationHandler` builds from the errors sends an
  /// element; its completion completes the result (for a ``Single``: see ``StreamsError/noElements``
  /// at its subscribe) and its error fails it.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func retry(
    when notificationHandler: @escaping @isolated(any) (Observable<Swift.Error>) -> some ObservableType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Like `retry(when:)`, for errors of type `Error`
  /// only: an error of another type fails the result at once, without reaching the notifier.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func retry<Error: Swift.Error>(
    when notificationHandler: @escaping @isolated(any) (Observable<Error>) -> some ObservableType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// The old name of `retry(when:)`.
  @available(*, deprecated, renamed: "retry(when:)")
  public func retryWhen(
    _ notificationHandler: @escaping @isolated(any) (Observable<Swift.Error>) -> some ObservableType
  ) -> PrimitiveSequence<Trait, Element> {
    retry(when: notificationHandler)
  }

  /// The old name of the typed `retry(when:)`.
  @available(*, deprecated, renamed: "retry(when:)")
  public func retryWhen<Error: Swift.Error>(
    _ notificationHandler: @escaping @isolated(any) (Observable<Error>) -> some ObservableType
  ) -> PrimitiveSequence<Trait, Element> {
    retry(when: notificationHandler)
  }

  /// On an error, continues with the trait sequence `handler` returns for it; an error thrown by
  /// `handler` fails the result.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func `catch`(
    _ handler: @escaping @isolated(any) (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    let handler = Isolation.checked(handler, "catch")
    return PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
  }

  /// The old name of ``catch(_:)``.
  @available(*, deprecated, renamed: "catch(_:)")
  public func catchError(
    _ handler: @escaping @isolated(any) (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    `catch`(handler)
  }

  /// Subscribes to (and disposes) the source on `scheduler`; see ``ObservableType/subscribe(on:)``.
  public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }

  /// The old name of ``subscribe(on:)``.
  @available(*, deprecated, renamed: "subscribe(on:)")
  public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    subscribe(on: scheduler)
  }

  /// Prints every event, subscription and disposal; see
  /// ``ObservableType/debug(_:trimOutput:file:line:function:print:)``.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
    function: String = #function, print output: @escaping @Sendable (String) -> Void = { Swift.print($0) }
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function, print: output))
  }

  /// A trait sequence that owns a resource for the lifetime of each subscription; see
  /// ``ObservableType/using(_:observableFactory:)``.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping @isolated(any) () throws -> Resource,
    primitiveSequenceFactory: @escaping @isolated(any) (Resource) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    let name: StaticString = "using(_:primitiveSequenceFactory:)"
    let resourceFactory =
      Isolation.checked(resourceFactory, name)
    let primitiveSequenceFactory =
      Isolation.checked(primitiveSequenceFactory, name)
    return PrimitiveSequence(
      raw: Observable.using(resourceFactory) { try primitiveSequenceFactory($0).asObservable() })
  }
}

// The time operators need `Sendable` elements, as their Observable forms do.
extension PrimitiveSequence where Element: Sendable {
  /// Shifts the outcome later by `dueTime`; an error is sent at once. See
  /// ``ObservableType/delay(_:scheduler:)``.
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }

  /// Subscribes to the source `dueTime` after being subscribed.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
  }

  /// Delivers the outcome on `scheduler`; see ``ObservableType/observe(on:)-(ImmediateSchedulerType)``.
  public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// The old name of ``observe(on:)-(ImmediateSchedulerType)``.
  @available(*, deprecated, renamed: "observe(on:)")
  public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    observe(on: scheduler)
  }

  /// Fails with ``StreamsError/timeout`` if the outcome has not arrived `dueTime` after subscribing.
  ///
  /// An outcome at exactly the deadline wins; see ``ObservableType/timeout(_:scheduler:)``.
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
  }

  /// Switches to `other` if the outcome has not arrived `dueTime` after subscribing.
  public func timeout(
    _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
  }
}

extension PrimitiveSequence {
  /// Delivers the outcome through the trampoline of the thread that sends it, as
  /// ``observe(on:)-(ImmediateSchedulerType)`` does on ``CurrentThreadScheduler``, without
  /// requiring `Sendable` elements: the trampoline never changes thread.
  public func observe(on scheduler: CurrentThreadScheduler) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Delivers the outcome at once, on the thread that sends it, as
  /// ``observe(on:)-(ImmediateSchedulerType)`` does on ``ImmediateScheduler``, without requiring
  /// `Sendable` elements: nothing changes thread.
  public func observe(on scheduler: ImmediateScheduler) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }
}

extension PrimitiveSequence where Element: Sendable {
  // The same two for `Sendable` elements: without them a call would be ambiguous between the
  // scheduler-specific overloads above and the `Sendable` one that takes any scheduler.

  /// Delivers the outcome through the trampoline of the thread that sends it.
  public func observe(on scheduler: CurrentThreadScheduler) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Delivers the outcome at once, on the thread that sends it.
  public func observe(on scheduler: ImmediateScheduler) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }
}

extension PrimitiveSequenceType where Element: BinaryInteger {
  /// A trait sequence that sends `0` after `dueTime`, then completes.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.timer(dueTime, scheduler: scheduler))
  }
}
