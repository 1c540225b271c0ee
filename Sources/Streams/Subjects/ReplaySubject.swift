/// A subject that records the newest elements and replays them to each new subscriber.
///
/// - A new subscriber receives the buffered elements, oldest first, then every later event.
/// - After a terminal event, a new subscriber receives the buffer and then the terminal event.
///
/// Thread safety: as ``PublishSubject``; observers are always called outside the lock. The buffer
/// is replayed to a new subscriber on the subscribing thread; an event sent meanwhile (from
/// another thread, or by the subscriber itself) is kept for it and delivered right after the
/// replay, so the subscriber receives the buffer, then every later event, each exactly once and in
/// order, and its replay may wait for another thread that sends to the subject.
///
/// A subscriber slower than a sender that never pauses keeps catching up inside `subscribe`:
/// the sender does not wait for it, and the subject keeps what that subscriber has not received
/// yet. (RxSwift replays under the subject's lock, so there the sender waits instead.) Observers,
/// and values the subject lets go, are released after unlocking, so their `deinit` may use the
/// subject.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  ReplayingSubjectCore, @unchecked Sendable
{
  // Unchecked: `state`, `log` and `buffer` are read and written only under `lock`.
  @usableFromInline let lock = SubjectLock()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var state = SubjectState()
  @usableFromInline @exclusivity(unchecked) var log = ReplayLog<Element>()
  @usableFromInline @exclusivity(unchecked) var buffer: ReplayBuffer<Element>

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
  public var hasObservers: Bool { hasSubscribers }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { isStateDisposed }

  /// Records a `.next` element and sends `event` to the subscribers.
  @inlinable
  public func on(_ event: Event<Element>) {
    var replaced: Element?
    recordingDeliveries(of: event) {
      if case .next(let element) = event { replaced = buffer.append(element) }
    }?.dispatch(event)
    withExtendedLifetime(replaced) {}  // Released after unlocking: its `deinit` may use the subject.
  }

  /// Records `element` and sends it to the subscribers; the same as `on(.next(element))`.
  @inlinable
  public func onNext(_ element: Element) {
    var replaced: Element?
    recordingNextDeliveries(of: element) { replaced = buffer.append(element) }?.dispatchNext(element)
    withExtendedLifetime(replaced) {}  // Released after unlocking: its `deinit` may use the subject.
  }

  /// Subscribes `observer`: it receives the buffered elements at once, then later events.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    // `buffer` is copied: the replay runs outside the lock.
    admit(observer, subject: "ReplaySubject", holding: { buffer }, beforeEnd: { $1.send(to: observer) }) { replay in
      if replay.count == 0 { return joinUnlocking(observer) }
      return joinUnlocking(observer) { replay.send(to: observer) }
    }
  }

  /// Returns the subject itself.
  public func asObserver() -> ReplaySubject<Element> { self }

  /// Releases every subscriber and the buffer; the subject then rejects new subscribers.
  public func dispose() {
    disposeState { (log.removeAll(), buffer.removeAll()) }
  }
}
