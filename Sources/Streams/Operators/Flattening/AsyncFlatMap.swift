// The operators that take `async throws` closures. They have names of their own (`asyncMap`,
// `asyncFlatMapLatest`, …) rather than new overloads of `map`, `flatMap`, …: an unlabeled trailing
// closure also matches a labeled `map(async:)`, so such an overload would join every `map { … }`
// call's overload set, where the type checker would weigh it against today's `map` on every chain
// (a sync closure converts to an async function type) and could pick it inside async code. A
// distinct base name is never a candidate for existing code, so RxSwift code type-checks exactly
// as before (Benchmarks/TypeCheck measures a file of 50 chains).

extension ObservableType where Element: Sendable {
  /// Transforms each element with an `async` closure, one element at a time, keeping the order.
  ///
  /// ```swift
  /// ids.asyncMap { id in try await api.user(id: id) }
  /// ```
  ///
  /// Each element's `transform` runs in a task of its own, started when the previous element's
  /// task has finished (the order of ``ObservableType/concatMap(_:)``); elements that arrive
  /// meanwhile wait in order. Completes when the source completed and the last task finished. An
  /// error thrown by `transform` (a `CancellationError` that nobody asked for included) ends the
  /// result and disposes the source.
  ///
  /// Disposing the subscription, or an error from the source, cancels the running task; its result
  /// is never delivered after that.
  ///
  /// Where it runs: `transform` is `@isolated(any) @Sendable`, so it carries its own isolation
  /// and there is none to check (unlike the synchronous operators' closures, which keep the
  /// caller's). Each task runs on that isolation: a `{ @MainActor id in … }` closure's tasks start
  /// on the main actor, in the order the elements arrive, and its results are sent from there; a
  /// plain closure runs outside any actor, like ``Observable/task(priority:_:)``, and its results
  /// are sent from the pool (add `observe(on: MainScheduler.instance)` before main-actor
  /// subscribers).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    asyncFlatten(.merge(maxConcurrent: 1), priority: priority, transform)
  }

  /// Transforms each element with an `async` closure, one element at a time, keeping the order and
  /// dropping the `nil` results.
  ///
  /// The rules of ``ObservableType/asyncMap(priority:_:)`` apply.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncCompactMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result?
  ) -> Observable<Result> {
    Flatten(source: asObservable(), strategy: .merge(maxConcurrent: 1)) { element in
      AsyncTransformObservable(element: element, priority: priority, transform: transform) { $0 }
    }
  }

  /// Runs an `async` closure for each element, all of them at once, and sends each result when its
  /// task finishes.
  ///
  /// ```swift
  /// --a--b------|      asyncFlatMap { x in await slow(x) }   (a takes 4, b takes 1)
  /// --------b-a-|
  /// ```
  ///
  /// The order of ``ObservableType/flatMap(_:)``: results arrive in the order the tasks finish.
  /// Completes when the source completed and every task finished. The first error (from the source
  /// or thrown by `transform`) ends the result and cancels every running task; no result is
  /// delivered after that, nor after the subscription is disposed.
  ///
  /// `transform` runs outside the subscriber's actor (see ``ObservableType/asyncMap(priority:_:)``).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncFlatMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    asyncFlatten(.merge(maxConcurrent: .max), priority: priority, transform)
  }

  /// Runs an `async` closure for each element and sends only the newest one's result: a new
  /// element cancels the previous task.
  ///
  /// ```swift
  /// query.asyncFlatMapLatest { text in try await api.search(text) }
  /// ```
  ///
  /// The order of ``ObservableType/flatMapLatest(_:)``. The previous task is cancelled in the
  /// same tick as the new element arrives, and its result is never delivered, even when it
  /// ignores the cancellation and returns one. Completes when the source completed and the last
  /// task finished.
  ///
  /// `transform` runs outside the subscriber's actor (see ``ObservableType/asyncMap(priority:_:)``).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncFlatMapLatest<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    asyncFlatten(.latest, priority: priority, transform)
  }

  /// Runs an `async` closure for an element only when no task is running; elements that arrive
  /// meanwhile are dropped (the order of ``ObservableType/flatMapFirst(_:)``).
  ///
  /// `transform` runs outside the subscriber's actor (see ``ObservableType/asyncMap(priority:_:)``).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncFlatMapFirst<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    asyncFlatten(.first, priority: priority, transform)
  }

  /// Runs an `async` closure for each element, one task after another, in the source's order (the
  /// order of ``ObservableType/concatMap(_:)``).
  ///
  /// The same operator as ``ObservableType/asyncMap(priority:_:)``, under the name RxSwift code uses for
  /// sequential flattening.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asyncConcatMap<Result: Sendable>(
    priority: TaskPriority? = nil, _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    asyncFlatten(.merge(maxConcurrent: 1), priority: priority, transform)
  }

  private func asyncFlatten<Result: Sendable>(
    _ strategy: FlattenStrategy, priority: TaskPriority?,
    _ transform: @escaping @isolated(any) @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    Flatten(source: asObservable(), strategy: strategy) { element in
      AsyncTransformObservable(element: element, priority: priority, transform: transform) { $0 }
    }
  }
}
