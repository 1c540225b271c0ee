/// `share()` and `share(replay: 1)` with `.whileConnected`, as RxSwift's dedicated classes for them
/// (`ShareWhileConnected`, `ShareReplay1WhileConnected`) behave: the first subscriber connects to
/// the source, the last one to leave disconnects, and a terminal event reaches the subscribers
/// *before* the source subscription is disposed.
///
/// That last rule is what sets it apart from `multicast(makeSubject:).refCount()` (which RxSwift,
/// and Streams, use for other replay counts): there the connection is disposed first. As there, a
/// connection forgets itself before the terminal event goes out, so a subscriber that subscribes
/// again from inside that delivery starts a new connection.
final class ShareWhileConnected<Element>: Observable<Element>, @unchecked Sendable {
  // Unchecked: `connection` is read and written only under `lock`; the rest are `let`s.
  let source: Observable<Element>
  /// Whether a new subscriber first receives the connection's latest element (`replay: 1`).
  let replaysLatest: Bool
  /// Guards ``connection`` and each connection's state; never held while calling out.
  let lock = Lock.make()
  var connection: ShareWhileConnectedConnection<Element>?

  init(source: Observable<Element>, replaysLatest: Bool) {
    self.source = source
    self.replaysLatest = replaysLatest
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    lock.lock()
    let current: ShareWhileConnectedConnection<Element>
    if let connection {
      current = connection
    } else {
      current = ShareWhileConnectedConnection(parent: self)
      connection = current
    }
    let isFirst = current.observers.isEmpty
    let key = current.observers.insert(observer)
    let latest = current.latest
    lock.unlock()
    // As in RxSwift, the replay and the connection happen outside the lock.
    if let latest { observer.onNext(latest) }
    if isFirst { current.connect() }
    return Disposables.create { current.unsubscribe(key) }
  }
}

/// One connection of a ``ShareWhileConnected``: its subscribers, its latest element and its
/// subscription to the source. Its state is guarded by the parent's lock.
final class ShareWhileConnectedConnection<Element>: ObserverType, @unchecked Sendable {
  // Unchecked: its `var`s are read and written only under the parent's `lock` (see the type).
  private let resource = ResourceToken()
  private let parent: ShareWhileConnected<Element>
  private let subscription = SingleAssignmentDisposable()
  private let replaysLatest: Bool
  private let lock: Lock  // The parent's.
  private var ended = false
  var observers = ObserverList()
  var latest: Element?

  init(parent: ShareWhileConnected<Element>) {
    self.parent = parent
    self.replaysLatest = parent.replaysLatest
    self.lock = parent.lock
  }

  func connect() {
    subscription.setDisposable(parent.source.subscribe(self))
  }

  /// An element, without building an `Event` (the path subjects and sinks call).
  func onNext(_ element: Element) {
    lock.lock()
    if ended {
      lock.unlock()
      return
    }
    if replaysLatest { latest = element }
    let receivers = observers.snapshot
    lock.unlock()
    receivers.dispatchNext(element)
  }

  func on(_ event: Event<Element>) {
    if case .next(let element) = event { return onNext(element) }
    lock.lock()
    if ended {
      lock.unlock()
      return
    }
    let receivers = observers.snapshot
    let released = endLocked()
    lock.unlock()
    receivers.dispatch(event)
    withExtendedLifetime(released) {}
    // After the subscribers, as in RxSwift; a source that disposes itself on its terminal event
    // (every operator does) has done so already.
    subscription.dispose()
  }

  /// Removes the subscriber with `key`; the last one to leave disposes the source subscription.
  func unsubscribe(_ key: Int) {
    lock.lock()
    let removed = observers.remove(key)
    let wasLast = removed != nil && observers.isEmpty && !ended
    let released = wasLast ? endLocked() : ObserverList()
    lock.unlock()
    withExtendedLifetime((removed, released)) {}
    if wasLast { subscription.dispose() }
  }

  /// Under the lock: marks the connection ended and detaches it from the parent, so the next
  /// subscriber starts a new one. Returns the observers, to release after unlocking.
  private func endLocked() -> ObserverList {
    ended = true
    latest = nil
    if parent.connection === self { parent.connection = nil }
    var released = ObserverList()
    swap(&observers, &released)
    return released
  }
}
