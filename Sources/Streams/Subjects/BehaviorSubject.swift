/// A subject that holds a current value and sends it to each new subscriber first.
///
/// - A new subscriber receives the current value at once, then every later event.
/// - After a terminal event, new subscribers receive only that terminal event (no value), and
///   ``value()`` throws the error, if any.
///
/// Thread safety: as ``PublishSubject``; observers are always called outside the lock. The current
/// value is sent to a new subscriber on the subscribing thread; an event sent meanwhile (from
/// another thread, or by the subscriber itself) is kept for it and delivered right after, so no
/// newer value overtakes the current one, none is lost or repeated, and that first delivery may
/// wait for another thread that sends to the subject.
///
/// A subscriber slower than a sender that never pauses keeps catching up inside `subscribe`:
/// the sender does not wait for it, and the subject keeps what that subscriber has not received
/// yet. (RxSwift replays under the subject's lock, so there the sender waits instead.) Observers,
/// and values the subject lets go, are released after unlocking, so their `deinit` may use the
/// subject.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
  ReplayingSubjectCore, @unchecked Sendable
{
  // Unchecked: `state`, `log` and `element` are read and written only under `lock`.
  @usableFromInline let lock = SubjectLock()
  // Read and written only under `lock`, so accesses never overlap: no dynamic exclusivity checks.
  @usableFromInline @exclusivity(unchecked) var state = SubjectState()
  @usableFromInline @exclusivity(unchecked) var log = ReplayLog<Element>()
  // Last: its size depends on `Element`, so the fields before it keep fixed offsets.
  @usableFromInline @exclusivity(unchecked) var element: Element

  /// Creates a subject whose current value is `value`.
  public init(value: Element) {
    self.element = value
  }

  /// Whether the subject has at least one subscriber.
  public var hasObservers: Bool { hasSubscribers }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { isStateDisposed }

  /// The current value.
  ///
  /// - Throws: the subject's error after it failed, or ``StreamsError/disposed(object:)-enum.case``.
  public func value() throws -> Element {
    try lock.withLock {
      if state.disposed { throw StreamsError.disposed(object: "BehaviorSubject") }
      if case .error(let error) = state.termination { throw error }
      return element
    }
  }

  /// The current value, for relays, which never fail or dispose.
  var currentValue: Element { lock.withLock { element } }

  /// Stores a `.next` value as current and sends `event` to the subscribers.
  @inlinable
  public func on(_ event: Event<Element>) {
    var replaced: Element?
    recordingDeliveries(of: event) {
      if case .next(let value) = event { replaced = element; element = value }
    }?.dispatch(event)
    withExtendedLifetime(replaced) {}  // Released after unlocking: its `deinit` may use the subject.
  }

  /// Stores `element` as current and sends it to the subscribers; the same as `on(.next(element))`.
  @inlinable
  public func onNext(_ element: Element) {
    var replaced: Element?
    recordingNextDeliveries(of: element) {
      replaced = self.element
      self.element = element
    }?.dispatchNext(element)
    withExtendedLifetime(replaced) {}  // Released after unlocking: its `deinit` may use the subject.
  }

  /// Subscribes `observer`: it receives the current value at once, then later events.
  @inlinable
  public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    admit(observer, subject: "BehaviorSubject", holding: { element }) { current in
      joinUnlocking(observer) { observer.onNext(current) }
    }
  }

  /// Returns the subject itself.
  public func asObserver() -> BehaviorSubject<Element> { self }

  /// Releases every subscriber; the subject then rejects new ones with an error.
  public func dispose() { disposeState { log.removeAll() } }
}
