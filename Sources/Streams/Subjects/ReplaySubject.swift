/// A subject that records the newest elements and replays them to each new subscriber.
///
/// - A new subscriber receives the buffered elements, oldest first, then every later event.
/// - After a terminal event, a new subscriber receives the buffer and then the terminal event.
///
/// Thread safety: as ``PublishSubject``; observers are always called outside the lock. The buffer
/// is replayed to a new subscriber on the subscribing thread; an event sent meanwhile (from
/// another thread, or by the subscriber itself) is queued for it and delivered right after the
/// replay, so the subscriber receives the buffer, then every later event, each exactly once and in
/// order, and its replay may wait for another thread that sends to the subject.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  UnsubscribableSubject, @unchecked Sendable
{
  @usableFromInline let lock = Lock.make()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var buffer: ReplayBuffer<Element>
  @usableFromInline @exclusivity(unchecked) var observers = ObserverList<Element>()
  @usableFromInline @exclusivity(unchecked) var replaying = PendingReplays<Element>()
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
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty || !replaying.isEmpty } }

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
    if !replaying.isEmpty { replaying.enqueue(event) }
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
    if disposed {
      lock.unlock()
      observer.on(.error(StreamsError.disposed(object: "ReplaySubject")))
      return Disposables.create()
    }
    let replay = buffer  // A copy: the replay runs outside the lock.
    if let termination {
      lock.unlock()
      replay.forEach { observer.on(.next($0)) }
      observer.on(termination.event())
      return Disposables.create()
    }
    if replay.count == 0 {
      let key = observers.insert(observer)
      lock.unlock()
      return SubjectSubscription(subject: self, key: key)
    }
    let key = observers.reserveKey()
    replaying.add(key: key, receiver: .init(observer))
    lock.unlock()
    replay.forEach { observer.on(.next($0)) }
    finishReplay(key)
    return SubjectSubscription(subject: self, key: key)
  }

  /// Delivers what was sent during the replay to the subscriber with `key`, then makes it live.
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
  public func asObserver() -> ReplaySubject<Element> { self }

  /// Releases every subscriber and the buffer; the subject then rejects new subscribers.
  public func dispose() {
    lock.withLock {
      disposed = true
      observers.removeAll()
      replaying.removeAll()
      buffer.removeAll()
      termination = nil
    }
  }
}
