/// A subject that holds a current value and sends it to each new subscriber first.
///
/// - A new subscriber receives the current value at once, then every later event.
/// - After a terminal event, new subscribers receive only that terminal event (no value), and
///   ``value()`` throws the error, if any.
///
/// Thread safety: as ``PublishSubject``; observers are always called outside the lock. The current
/// value is sent to a new subscriber on the subscribing thread; an event sent meanwhile (from
/// another thread, or by the subscriber itself) is queued for it and delivered right after, so no
/// newer value overtakes the current one, none is lost or repeated, and that first delivery may
/// wait for another thread that sends to the subject.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  UnsubscribableSubject, @unchecked Sendable
{
  @usableFromInline let lock = Lock.make()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var element: Element
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Element>()
  @usableFromInline @exclusivity(unchecked) var replaying = PendingReplays<Element>()
  @usableFromInline @exclusivity(unchecked) var termination: CompletableEvent?
  @usableFromInline @exclusivity(unchecked) var disposed = false

  /// Creates a subject whose current value is `value`.
  public init(value: Element) {
    self.element = value
  }

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty || !replaying.isEmpty } }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// The current value.
  ///
  /// - Throws: the subject's error after it failed, or ``StreamsError/disposed(object:)-enum.case``.
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
    if !replaying.isEmpty { replaying.enqueue(event) }
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
    if disposed {
      lock.unlock()
      observer.on(.error(StreamsError.disposed(object: "BehaviorSubject")))
      return Disposables.create()
    }
    if let termination {
      lock.unlock()
      observer.on(termination.event())
      return Disposables.create()
    }
    let current = element
    let key = observers.reserveKey()
    replaying.add(key: key, receiver: .init(observer))
    lock.unlock()
    observer.on(.next(current))
    finishReplay(key)
    return SubjectSubscription(subject: self, key: key)
  }

  /// Delivers what was sent during the first delivery to the subscriber with `key`, then makes it
  /// live.
  // Inlinable, so that it is specialized with `subscribe`: unspecialized, the list operations
  // look up generic metadata and cost several times the replay itself.
  @inlinable
  func finishReplay(_ key: Int) {
    while let batch = lock.withLock({
      replaying.next(for: key, joining: &observers, ended: termination != nil || disposed)
    }) {
      batch.deliver()
    }
  }

  @usableFromInline
  func unsubscribe(_ key: Int) {
    lock.withLock {
      if !replaying.isEmpty, replaying.remove(key) { return }
      observers.remove(key)
    }
  }

  /// Returns the subject itself.
  public func asObserver() -> BehaviorSubject<Element> { self }

  /// Releases every subscriber; the subject then rejects new ones with an error.
  public func dispose() {
    lock.withLock {
      disposed = true
      observers.removeAll()
      replaying.removeAll()
      termination = nil
    }
  }
}
