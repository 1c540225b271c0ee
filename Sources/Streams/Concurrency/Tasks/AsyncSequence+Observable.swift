extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// The sequence as an observable sequence: each subscription iterates it in a new detached task.
  ///
  /// ```swift
  /// let ticks = AsyncStream<Int> { continuation in … }
  /// ticks.asObservable()
  ///   .map { $0 * 2 }
  ///   .subscribe(onNext: { print($0) })
  ///   .disposed(by: bag)
  /// ```
  ///
  /// - The loop runs in a detached task, never on the subscriber's actor (subscribing from the
  ///   main actor does not iterate on the main actor). Events arrive on that task; use
  ///   `observe(on:)` or a main-actor consumer to handle them on the main thread.
  /// - Disposing the subscription cancels the task; nothing is delivered afterwards.
  /// - An error thrown by the sequence becomes `onError`, including a `CancellationError` when
  ///   nobody disposed the subscription; the end of the sequence becomes `onCompleted`.
  ///
  /// Each subscription iterates the same sequence value; for a sequence that can be iterated only
  /// once (such as `AsyncStream`), subscribe once, or use ``Observable/from(priority:_:)`` to make
  /// a new sequence for each subscription.
  ///
  /// - Parameter priority: the priority of each subscription's task; by default, that of a
  ///   detached task.
  public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
    AsyncWorkObservable.iterating(priority: priority) { self }
  }
}

extension Observable where Element: Sendable {
  #if compiler(>=6.2)
    /// An observable sequence that makes a new `AsyncSequence` for each subscription and iterates
    /// it in a new detached task.
    ///
    /// `makeSequence` is called inside the task, so the sequence need not be `Sendable`, and each
    /// subscriber gets a fresh one:
    ///
    /// ```swift
    /// let lines = Observable.from { url.lines }
    /// ```
    ///
    /// The rules of `AsyncSequence.asObservable(priority:)` apply: never on the
    /// subscriber's actor; dispose cancels the task and nothing is delivered afterwards; errors,
    /// `CancellationError` included, become `onError`. The sequence's type must be
    /// `SendableMetatype` (its `AsyncSequence` conformance must not be actor-isolated), since it is
    /// iterated in a detached task.
    ///
    /// - Parameters:
    ///   - priority: the priority of each subscription's task.
    ///   - makeSequence: creates the sequence to iterate, once per subscription.
    public static func from<Sequence: AsyncSequence & SendableMetatype>(
      priority: TaskPriority? = nil,
      _ makeSequence: @escaping @Sendable () -> Sequence
    ) -> Observable<Element> where Sequence.Element == Element {
      AsyncWorkObservable.iterating(priority: priority, makeSequence)
    }
  #else
    /// An observable sequence that makes a new `AsyncSequence` for each subscription and iterates
    /// it in a new detached task.
    ///
    /// `makeSequence` is called inside the task, so the sequence need not be `Sendable`, and each
    /// subscriber gets a fresh one. Never on the subscriber's actor; dispose cancels the task and
    /// nothing is delivered afterwards; errors, `CancellationError` included, become `onError`.
    ///
    /// - Parameters:
    ///   - priority: the priority of each subscription's task.
    ///   - makeSequence: creates the sequence to iterate, once per subscription.
    public static func from<Sequence: AsyncSequence>(
      priority: TaskPriority? = nil,
      _ makeSequence: @escaping @Sendable () -> Sequence
    ) -> Observable<Element> where Sequence.Element == Element {
      AsyncWorkObservable.iterating(priority: priority, makeSequence)
    }
  #endif
}

#if compiler(>=6.2)
  /// A sequence ``AsyncWorkObservable/iterating(priority:_:)`` can iterate in its detached task:
  /// one whose `AsyncSequence` conformance is not actor-isolated.
  typealias DetachedIterableSequence = AsyncSequence & SendableMetatype
#else
  /// A sequence ``AsyncWorkObservable/iterating(priority:_:)`` can iterate in its detached task.
  typealias DetachedIterableSequence = AsyncSequence
#endif

extension AsyncWorkObservable {
  /// The observable of `asObservable(priority:)` and `Observable.from(priority:_:)`: each
  /// subscription's task calls `makeSequence` and sends its elements, stopping at the first one
  /// sent after the subscription was disposed.
  static func iterating<Sequence: DetachedIterableSequence>(
    priority: TaskPriority?, _ makeSequence: @escaping @Sendable () -> Sequence
  ) -> AsyncWorkObservable where Sequence.Element == Element {
    AsyncWorkObservable(priority: priority) { emit in
      for try await element in makeSequence() {
        guard emit(element) else { return }
      }
    }
  }
}
