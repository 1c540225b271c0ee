extension Observable where Element: Sendable {
  /// An observable sequence that runs `operation` in a new detached task for each subscription,
  /// then sends its result and completes.
  ///
  /// ```swift
  /// let profile = Observable.task { try await api.profile() }
  /// ```
  ///
  /// The task never runs on the subscriber's actor. Disposing cancels it, and nothing is delivered
  /// afterwards. An error thrown by `operation`, a `CancellationError` included when nobody
  /// disposed, becomes `onError`.
  ///
  /// - Parameters:
  ///   - priority: the priority of each subscription's task.
  ///   - operation: the work of one subscription.
  public static func task(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Element
  ) -> Observable<Element> {
    AsyncWorkObservable(priority: priority) { emit in
      _ = emit(try await operation())
    }
  }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// A single that runs `operation` in a new detached task for each subscription and succeeds
  /// with its result.
  ///
  /// ```swift
  /// let user = Single.task { try await api.user(id: 42) }
  /// user.subscribe(onSuccess: { print($0.name) }).disposed(by: bag)
  /// ```
  ///
  /// The task never runs on the subscriber's actor. Disposing cancels it, and nothing is delivered
  /// afterwards. An error thrown by `operation`, a `CancellationError` included when nobody
  /// disposed, fails the single.
  ///
  /// - Parameters:
  ///   - priority: the priority of each subscription's task.
  ///   - operation: the work of one subscription.
  public static func task(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Element
  ) -> Single<Element> {
    Single(raw: Observable.task(priority: priority, operation))
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
  /// A maybe that runs `operation` in a new detached task for each subscription: it succeeds
  /// with the result, or completes empty when the result is `nil`.
  ///
  /// The rules of ``PrimitiveSequenceType/task(priority:_:)-(_,()->Self.Element)`` apply.
  ///
  /// - Parameters:
  ///   - priority: the priority of each subscription's task.
  ///   - operation: the work of one subscription.
  public static func task(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Element?
  ) -> Maybe<Element> {
    Maybe(
      raw: AsyncWorkObservable(priority: priority) { emit in
        if let element = try await operation() { _ = emit(element) }
      })
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// A completable that runs `operation` in a new detached task for each subscription and
  /// completes when it returns.
  ///
  /// ```swift
  /// let save = Completable.task { try await store.save(draft) }
  /// ```
  ///
  /// The task never runs on the subscriber's actor. Disposing cancels it, and nothing is delivered
  /// afterwards. An error thrown by `operation`, a `CancellationError` included when nobody
  /// disposed, fails the completable.
  ///
  /// - Parameters:
  ///   - priority: the priority of each subscription's task.
  ///   - operation: the work of one subscription.
  public static func task(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Void
  ) -> Completable {
    Completable(
      raw: AsyncWorkObservable(priority: priority) { _ in
        try await operation()
      })
  }
}
