/// A subject that sends only its last element, and only when it completes.
///
/// - On completion, every subscriber receives the last element (if any) and `.completed`.
/// - On error, every subscriber receives only the error.
/// - A subscriber arriving after the terminal event receives the same at once.
///
/// Thread safety: as ``PublishSubject``; observers are always called outside the lock.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  SubjectCore, @unchecked Sendable
{
  // Unchecked: `state` and `lastElement` are read and written only under `lock`.
  @usableFromInline let lock = SubjectLock()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var state = SubjectState()
  @usableFromInline @exclusivity(unchecked) var lastElement: Element?

  /// Creates a subject with no element yet.
  public override init() {}

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { lock.withLock { !state.observers.isEmpty } }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { isStateDisposed }

  /// Records a `.next` element; on a terminal event, sends the outcome to every subscriber.
  @inlinable
  public func on(_ event: Event<Element>) {
    if case .next(let element) = event {
      var replaced: Element?
      lock.withLock { if !state.isStopped { replaced = lastElement; lastElement = element } }
      withExtendedLifetime(replaced) {}  // Released after unlocking: its `deinit` may use the subject.
      return
    }
    var last: Element?
    guard let snapshot = deliveries(of: event, { last = lastElement }) else { return }
    if case .completed = event, let last { snapshot.dispatch(.next(last)) }
    snapshot.dispatch(event)
  }

  /// Subscribes `observer`; after the subject ended, it receives the outcome at once.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    admit(
      observer, subject: "AsyncSubject", holding: { lastElement },
      beforeEnd: { termination, last in
        if case .completed = termination, let last { observer.onNext(last) }
      }
    ) { _ in joinUnlocking(observer) }
  }

  /// Returns the subject itself.
  public func asObserver() -> AsyncSubject<Element> { self }

  /// Releases every subscriber and the stored element; the subject then rejects new subscribers.
  public func dispose() {
    disposeState {
      var taken: Element?
      swap(&lastElement, &taken)
      return taken
    }
  }
}
