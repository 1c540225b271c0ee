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
  SubjectCore, @unchecked Sendable
{
  // Unchecked: `state` is read and written only under `lock`.
  @usableFromInline let lock = SubjectLock()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var state = SubjectState()

  /// Creates a subject with no subscribers.
  public override init() {}

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { lock.withLock { !state.observers.isEmpty } }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { isStateDisposed }

  /// Sends `event` to the current subscribers; a terminal event also ends the subject.
  @inlinable
  public func on(_ event: Event<Element>) {
    deliveries(of: event)?.dispatch(event)
  }

  /// Sends `element` to the current subscribers; the same as `on(.next(element))`.
  @inlinable
  public func onNext(_ element: Element) {
    nextDeliveries()?.dispatchNext(element)
  }

  /// Subscribes `observer` to the events sent from now on.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    admit(observer, subject: "PublishSubject", holding: {}) { joinUnlocking(observer) }
  }

  /// Returns the subject itself.
  public func asObserver() -> PublishSubject<Element> { self }

  /// Releases every subscriber; the subject then rejects new ones with an error.
  public func dispose() { disposeState { () } }
}
