extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// Transforms the element with an `async` closure; an error it throws fails the single.
  ///
  /// ```swift
  /// api.userID().asyncMap { id in try await api.profile(id: id) }
  /// ```
  ///
  /// `transform` runs in a task of its own, outside the subscriber's actor (write
  /// `{ @MainActor in … }` to run it there). Disposing cancels the task, and its result is never
  /// delivered after that.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Single<Result> {
    Single(raw: primitiveSequence.source.asyncMap(priority: priority, transform))
  }

  /// Continues with the result of an `async` closure: the same operator as
  /// `asyncMap(priority:_:)`, under the name RxSwift code uses for "then do
  /// this async call".
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncFlatMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Single<Result> {
    asyncMap(priority: priority, transform)
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
  /// Transforms the element, if any, with an `async` closure; an error it throws fails the maybe.
  ///
  /// The rules of the single's `asyncMap` apply; an empty maybe runs no task.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.asyncMap(priority: priority, transform))
  }

  /// Transforms the element, if any, with an `async` closure; a `nil` result completes the maybe
  /// empty.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncFlatMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result?
  ) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.asyncCompactMap(priority: priority, transform))
  }
}
