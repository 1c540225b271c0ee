/// A subject that holds a current value and sends it to each new subscriber first.
///
/// - A new subscriber receives the current value at once, then every later event.
/// - After a terminal event, new subscribers receive only that terminal event (no value), and
///   ``value()`` throws the error, if any.
///
/// Thread safety: as ``PublishSubject``. One documented exception to "no lock while calling user
/// code": the current value is sent to a new subscriber while the subject's (recursive) lock is
/// held, so no newer value can overtake it. The observer may call back into the subject.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  UnsubscribableSubject, @unchecked Sendable
{
  @usableFromInline let lock = RecursiveLock.make()
  // Read and written only under the recursive `lock`, and no access spans a call out to an
  // observer (a replay reads a copy), so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var element: Element
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Element>()
  @usableFromInline @exclusivity(unchecked) var termination: CompletableEvent?
  @usableFromInline @exclusivity(unchecked) var disposed = false

  /// Creates a subject whose current value is `value`.
  public init(value: Element) {
    self.element = value
  }

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// The current value.
  ///
  /// - Throws: the subject's error after it failed, or ``StreamsError/disposed(object:)``.
  public func value() throws -> Element {
    try lock.withLock {
      if disposed { throw StreamsError.disposed(object: "BehaviorSubject") }
      if case .error(let error) = termination { throw error }
      return element
    }
  }

  /// The current value, for relays, which never fail or dispose.
  var currentValue: Element { lock.withLock { element } }

  /// Stores a `.next` value as current and sends `event` to the subscribers.
  @inlinable
  public func on(_ event: Event<Element>) {
    lock.lock()
    if termination != nil || disposed {
      lock.unlock()
      return
    }
    switch event {
    case .next(let value): element = value
    case .error, .completed:
      termination = CompletableEvent(event)
    }
    let snapshot = observers.snapshot
    if event.isStopEvent { observers.removeAll() }
    lock.unlock()
    snapshot.dispatch(event)
  }

  /// Subscribes `observer`: it receives the current value at once, then later events.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    lock.lock()
    defer { lock.unlock() }
    if disposed {
      observer.on(.error(StreamsError.disposed(object: "BehaviorSubject")))
      return Disposables.create()
    }
    if let termination {
      observer.on(termination.event())
      return Disposables.create()
    }
    let key = observers.insert(observer)
    observer.on(.next(element))  // Under the lock: see the type's documentation.
    return SubjectSubscription(subject: self, key: key)
  }

  @usableFromInline
  func unsubscribe(_ key: Int) {
    lock.withLock { observers.remove(key) }
  }

  /// Returns the subject itself.
  public func asObserver() -> BehaviorSubject<Element> { self }

  /// Releases every subscriber; the subject then rejects new ones with an error.
  public func dispose() {
    lock.withLock {
      disposed = true
      observers.removeAll()
      termination = nil
    }
  }
}
