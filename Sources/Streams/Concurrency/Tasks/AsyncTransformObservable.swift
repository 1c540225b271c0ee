/// The inner sequence of the async operators for one element: a task that runs `transform` on the
/// element, sends what `unwrap` makes of the result, and completes.
///
/// The task runs on the isolation `transform` carries (`@isolated(any)`): a main-actor closure's
/// task is enqueued on the main actor at subscription and calls the closure and sends its result
/// there, with no hop through the pool; another actor's task hops to it once; a plain closure's
/// task is detached. Disposing cancels the task; nothing is forwarded after that. An error thrown
/// before (even a `CancellationError` that nobody asked for) becomes `onError`.
final class AsyncTransformObservable<Source: Sendable, Value: Sendable, Result: Sendable>: Producer<Result>,
  @unchecked Sendable
{
  // Unchecked: Observable family (see `Observable`): only `let`s, all `Sendable`.
  typealias Transform = @isolated(any) @Sendable (Source) async throws -> Value

  private let element: Source
  private let priority: TaskPriority?
  private let transform: Transform
  private let unwrap: @Sendable (Value) -> Result?

  init(
    element: Source, priority: TaskPriority?, transform: @escaping Transform,
    unwrap: @escaping @Sendable (Value) -> Result?
  ) {
    self.element = element
    self.priority = priority
    self.transform = transform
    self.unwrap = unwrap
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result
  {
    // Type-erased, so the task captures no metatype but the Sendable element types'.
    let sink = AsyncTransformSink(
      element: element, transform: transform, unwrap: unwrap, observer: AnyObserver(observer), cancel: cancel)
    let priority = priority
    let task: Task<Void, Never>
    // Counted only while a virtual clock runs the work that sent this element (nil in production).
    let starts = AsyncWorkStarts.current
    starts?.increment()
    if let isolation = transform.isolation {
      if isolation is MainActor {
        task = Task(priority: priority) { @MainActor in
          starts?.decrement()
          await sink.run(isolation: MainActor.shared)
        }
      } else {
        task = Task.detached(priority: priority) {
          starts?.decrement()
          await sink.run(isolation: isolation)
        }
      }
    } else {
      task = Task.detached(priority: priority) {
        starts?.decrement()
        await sink.run(isolation: nil)
      }
    }
    return (sink, Disposables.create { task.cancel() })
  }
}

final class AsyncTransformSink<Source: Sendable, Value: Sendable, Result: Sendable>: Sink<AnyObserver<Result>>,
  @unchecked Sendable
{
  // Unchecked: Sink family (see `Sink`): only `let`s of its own; `run` is the only caller of `forwardOn`.
  private let element: Source
  private let transform: AsyncTransformObservable<Source, Value, Result>.Transform
  private let unwrap: @Sendable (Value) -> Result?

  init(
    element: Source, transform: @escaping AsyncTransformObservable<Source, Value, Result>.Transform,
    unwrap: @escaping @Sendable (Value) -> Result?, observer: AnyObserver<Result>, cancel: Cancelable
  ) {
    self.element = element
    self.transform = transform
    self.unwrap = unwrap
    super.init(observer: observer, cancel: cancel)
  }

  /// Runs on `isolation` (the closure's), the only caller of `forwardOn`, so events are serialized.
  func run(isolation: isolated (any Actor)?) async {
    do {
      let value = try await transform(element)
      if let result = unwrap(value) { forwardOn(.next(result)) }
      forwardOn(.completed)
    } catch {
      forwardOn(.error(error))
    }
    dispose()
  }
}
