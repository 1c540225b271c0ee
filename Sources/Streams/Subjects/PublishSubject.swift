/// A subject that sends each event to the observers subscribed at that moment.
///
/// - A subscriber receives only events sent after it subscribed.
/// - After a terminal event, new subscribers receive that terminal event at once; later events are
///   ignored.
/// - After ``dispose()``, new subscribers receive ``StreamsError/disposed(object:)-enum.case``.
///
/// Thread safety: any thread may call `on(_:)`, subscribe or dispose, also re-entrantly from inside
/// an observer. The observer list is read under a lock and observers are called outside it. As in
/// RxSwift, the caller serializes `on(_:)` calls (the Rx grammar); concurrent calls deliver
/// concurrently. An observer whose subscription is disposed while an event is being delivered may
/// still receive that one event.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  UnsubscribableSubject, @unchecked Sendable
{
  @usableFromInline let lock = Lock.make()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Element>()
  @usableFromInline @exclusivity(unchecked) var termination: CompletableEvent?
  @usableFromInline @exclusivity(unchecked) var disposed = false

  /// Creates a subject with no subscribers.
  public override init() {}

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Sends `event` to the current subscribers; a terminal event also ends the subject.
  @inlinable
  public func on(_ event: Event<Element>) {
    lock.lock()
    if termination != nil || disposed {
      lock.unlock()
      return
    }
    let snapshot = observers.snapshot
    if event.isStopEvent {
      termination = CompletableEvent(event)
      observers.removeAll()
    }
    lock.unlock()
    snapshot.dispatch(event)
  }

  /// Subscribes `observer` to the events sent from now on.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    lock.lock()
    if let termination {
      lock.unlock()
      observer.on(termination.event())
      return Disposables.create()
    }
    if disposed {
      lock.unlock()
      observer.on(.error(StreamsError.disposed(object: "PublishSubject")))
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
  public func asObserver() -> PublishSubject<Element> { self }

  /// Releases every subscriber; the subject then rejects new ones with an error.
  public func dispose() {
    lock.withLock {
      disposed = true
      observers.removeAll()
      termination = nil
    }
  }
}
