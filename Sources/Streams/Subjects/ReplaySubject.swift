/// A subject that records the newest elements and replays them to each new subscriber.
///
/// - A new subscriber receives the buffered elements, oldest first, then every later event.
/// - After a terminal event, a new subscriber receives the buffer and then the terminal event.
///
/// Thread safety: as ``PublishSubject``. The buffer is replayed to a new subscriber while the
/// subject's (recursive) lock is held, so no newer element can overtake or duplicate a replayed
/// one; the observer may call back into the subject.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  UnsubscribableSubject, @unchecked Sendable
{
  @usableFromInline let lock = RecursiveLock.make()
  // Read and written only under the recursive `lock`, and no access spans a call out to an
  // observer (a replay reads a copy), so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var buffer: ReplayBuffer<Element>
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Element>()
  @usableFromInline @exclusivity(unchecked) var termination: CompletableEvent?
  @usableFromInline @exclusivity(unchecked) var disposed = false

  private init(capacity: Int?) {
    buffer = ReplayBuffer(capacity: capacity)
  }

  /// Creates a subject that replays the newest `bufferSize` elements (`0` replays none).
  public static func create(bufferSize: Int) -> ReplaySubject<Element> {
    ReplaySubject(capacity: Swift.max(0, bufferSize))
  }

  /// Creates a subject that replays every element it ever received.
  public static func createUnbounded() -> ReplaySubject<Element> {
    ReplaySubject(capacity: nil)
  }

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Records a `.next` element and sends `event` to the subscribers.
  @inlinable
  public func on(_ event: Event<Element>) {
    lock.lock()
    if termination != nil || disposed {
      lock.unlock()
      return
    }
    switch event {
    case .next(let element): buffer.append(element)
    case .error, .completed: termination = CompletableEvent(event)
    }
    let snapshot = observers.snapshot
    if event.isStopEvent { observers.removeAll() }
    lock.unlock()
    snapshot.dispatch(event)
  }

  /// Subscribes `observer`: it receives the buffered elements at once, then later events.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    lock.lock()
    defer { lock.unlock() }
    if disposed {
      observer.on(.error(StreamsError.disposed(object: "ReplaySubject")))
      return Disposables.create()
    }
    // Under the lock: see the type's documentation. A copy, since the observer may send re-entrantly.
    let replay = buffer
    replay.forEach { observer.on(.next($0)) }
    if let termination {
      observer.on(termination.event())
      return Disposables.create()
    }
    let key = observers.insert(observer)
    return SubjectSubscription(subject: self, key: key)
  }

  @usableFromInline
  func unsubscribe(_ key: Int) {
    lock.withLock { observers.remove(key) }
  }

  /// Returns the subject itself.
  public func asObserver() -> ReplaySubject<Element> { self }

  /// Releases every subscriber and the buffer; the subject then rejects new subscribers.
  public func dispose() {
    lock.withLock {
      disposed = true
      observers.removeAll()
      buffer.removeAll()
      termination = nil
    }
  }
}
