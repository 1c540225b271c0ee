/// A sequence that subscribers can join before it starts: it runs its source only on ``connect()``.
public protocol ConnectableObservableType<Element>: ObservableType {
  /// Subscribes the shared subject to the source; dispose the result to disconnect.
  ///
  /// Calling `connect()` while connected returns the existing connection.
  func connect() -> Disposable
}

/// A type-erased ``ConnectableObservableType``.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): no stored state; `Multicast` locks its own.
  /// Subscribes the shared subject to the source. Subclasses override this.
  public func connect() -> Disposable {
    preconditionFailure("ConnectableObservable.connect() is abstract; \(type(of: self)) must override it")
  }
}

extension ObservableType {
  /// Shares one subscription to this sequence through `subject`, from ``ConnectableObservable/connect()``
  /// on. The same subject serves every connection, so what it keeps (a replay buffer, a terminal
  /// event) persists across reconnects.
  public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
  where Subject.Observer.Element == Element {
    Multicast(source: asObservable(), makeSubject: { subject })
  }

  /// Shares one subscription to this sequence through a subject made by `makeSubject` for each
  /// connection.
  ///
  /// The subject is dropped when its connection is disposed or the source ends (before the
  /// terminal event reaches the subject), so a later subscriber or `connect()` gets a fresh one.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func multicast<Subject: SubjectType>(
    makeSubject: @escaping @isolated(any) () -> Subject
  )
    -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
  {
    Multicast(
      source: asObservable(),
      makeSubject: Isolation.checked(makeSubject, "multicast(makeSubject:)"))
  }

  /// `multicast(makeSubject: { PublishSubject() })`: subscribers receive what the source sends
  /// while they are subscribed and connected; each connection has its own subject.
  public func publish() -> ConnectableObservable<Element> {
    multicast(makeSubject: { PublishSubject() })
  }

  /// `multicast(makeSubject: { ReplaySubject.create(bufferSize:) })`: late subscribers receive the
  /// newest `bufferSize` elements of the current connection first. A connection after a disconnect
  /// or the source's end starts with an empty buffer.
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
  }

  /// `multicast(makeSubject: { ReplaySubject.createUnbounded() })`: late subscribers receive every
  /// element of the current connection first; each connection starts with an empty buffer.
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject.createUnbounded() })
  }
}

final class Multicast<Subject: SubjectType>: ConnectableObservable<Subject.Element>, @unchecked Sendable {
  // Unchecked: `subject` and `connection` are read and written only under `lock`; the rest are `let`s.
  typealias Element = Subject.Element

  private let lock = Lock.make()
  private let source: Observable<Subject.Observer.Element>
  private let makeSubject: () -> Subject
  private var subject: Subject?
  private var connection: MulticastConnection<Subject.Observer>?

  init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject) {
    self.source = source
    self.makeSubject = makeSubject
  }

  // Called under `lock`, so `makeSubject` (a user closure for multicast(makeSubject:)) runs under
  // it: a documented exception, as in RxSwift, so that concurrent first subscribers and connect()
  // agree on one subject. A factory must only build a subject, not subscribe or send.
  private func lockedSubject() -> Subject {
    if let subject { return subject }
    let made = makeSubject()
    subject = made
    return made
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    lock.withLock { lockedSubject() }.subscribe(observer)
  }

  override func connect() -> Disposable {
    let (current, isNew) = lock.withLock { () -> (MulticastConnection<Subject.Observer>, Bool) in
      if let connection { return (connection, false) }
      let created = MulticastConnection(subject: lockedSubject().asObserver()) { [weak self] in
        self?.disconnected($0)
      }
      connection = created
      return (created, true)
    }
    if isNew { current.setSubscription(source.subscribe(current)) }
    return current
  }

  /// Forgets `ended` and its subject, unless a newer connection replaced it already.
  private func disconnected(_ ended: MulticastConnection<Subject.Observer>) {
    lock.withLock {
      guard connection === ended else { return }
      connection = nil
      subject = nil
    }
  }
}

/// One connection of a ``Multicast``: forwards the source's events to the subject until disposed.
///
/// A terminal event first ends the connection (so a subscriber reacting to it gets a fresh subject
/// and connection), then reaches the subject.
final class MulticastConnection<SubjectObserver: ObserverType>: ObserverType, Disposable, @unchecked Sendable {
  // Unchecked: `onDisconnect` is written only by the one thread that wins `disposed`; the rest are `let`s.
  private let resource = ResourceToken()
  private let subject: SubjectObserver
  private let subscription = SingleAssignmentDisposable()
  private let disposed = OnceFlag()
  // Written only by the one thread that wins `disposed.set()`.
  private var onDisconnect: ((MulticastConnection) -> Void)?

  init(subject: SubjectObserver, onDisconnect: @escaping (MulticastConnection) -> Void) {
    self.subject = subject
    self.onDisconnect = onDisconnect
  }

  func setSubscription(_ disposable: Disposable) {
    subscription.setDisposable(disposable)
  }

  func onNext(_ element: SubjectObserver.Element) {
    if disposed.isSet { return }
    subject.onNext(element)
  }

  func on(_ event: Event<SubjectObserver.Element>) {
    if disposed.isSet { return }
    if event.isStopEvent { dispose() }
    subject.on(event)
  }

  func dispose() {
    guard disposed.set() else { return }
    let onDisconnect = self.onDisconnect
    self.onDisconnect = nil
    onDisconnect?(self)
    subscription.dispose()
  }
}
