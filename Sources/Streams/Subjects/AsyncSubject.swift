/// A subject that sends only its last element, and only when it completes.
///
/// - On completion, every subscriber receives the last element (if any) and `.completed`.
/// - On error, every subscriber receives only the error.
/// - A subscriber arriving after the terminal event receives the same at once.
///
/// Thread safety: as ``PublishSubject``; observers are always called outside the lock.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  UnsubscribableSubject, @unchecked Sendable
{
  @usableFromInline let lock = Lock.make()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var lastElement: Element?
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Element>()
  @usableFromInline @exclusivity(unchecked) var termination: CompletableEvent?
  @usableFromInline @exclusivity(unchecked) var disposed = false

  /// Creates a subject with no element yet.
  public override init() {}

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Records a `.next` element; on a terminal event, sends the outcome to every subscriber.
  @inlinable
  public func on(_ event: Event<Element>) {
    lock.lock()
    if termination != nil || disposed {
      lock.unlock()
      return
    }
    if case .next(let element) = event {
      lastElement = element
      lock.unlock()
      return
    }
    termination = CompletableEvent(event)
    let (snapshot, last) = (observers.snapshot, lastElement)
    observers.removeAll()
    lock.unlock()
    if case .completed = event, let last { snapshot.dispatch(.next(last)) }
    snapshot.dispatch(event)
  }

  /// Subscribes `observer`; after the subject ended, it receives the outcome at once.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    lock.lock()
    if disposed {
      lock.unlock()
      observer.on(.error(StreamsError.disposed(object: "AsyncSubject")))
      return Disposables.create()
    }
    if let termination {
      let last = lastElement
      lock.unlock()
      if case .completed = termination, let last { observer.on(.next(last)) }
      observer.on(termination.event())
      return Disposables.create()
    }
    let key = observers.insert(observer)
    lock.unlock()
    return SubjectSubscription(subject: self, key: key)
  }

  @usableFromInline
  func unsubscribe(_ key: Int) {
    lock.withLock { observers.remove(key) }
  }

  /// Returns the subject itself.
  public func asObserver() -> AsyncSubject<Element> { self }

  /// Releases every subscriber and the stored element; the subject then rejects new subscribers.
  public func dispose() {
    lock.withLock {
      disposed = true
      observers.removeAll()
      lastElement = nil
      termination = nil
    }
  }
}
