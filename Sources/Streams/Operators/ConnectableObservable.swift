/// A sequence that subscribers can join before it starts: it runs its source only on ``connect()``.
public protocol ConnectableObservableType<Element>: ObservableType {
  /// Subscribes the shared subject to the source; dispose the result to disconnect.
  ///
  /// Calling `connect()` while connected returns the existing connection.
  func connect() -> Disposable
}

/// A type-erased ``ConnectableObservableType``.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
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
    Multicast(source: asObservable(), makeSubject: { subject }, freshSubjectPerConnection: false)
  }

  /// Shares one subscription to this sequence through a subject made by `makeSubject` for each
  /// connection: after a disconnect or a terminal event, the next connection starts afresh.
  public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
    -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
  {
    Multicast(source: asObservable(), makeSubject: makeSubject, freshSubjectPerConnection: true)
  }

  /// `multicast(PublishSubject())`: subscribers receive what the source sends while they are
  /// subscribed and connected.
  public func publish() -> ConnectableObservable<Element> {
    multicast(PublishSubject())
  }

  /// `multicast(ReplaySubject.create(bufferSize:))`: late subscribers receive the newest
  /// `bufferSize` elements first.
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(ReplaySubject.create(bufferSize: bufferSize))
  }

  /// `multicast(ReplaySubject.createUnbounded())`: late subscribers receive every element first.
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(ReplaySubject.createUnbounded())
  }
}

final class Multicast<Subject: SubjectType>: ConnectableObservable<Subject.Element>, @unchecked Sendable {
  typealias Element = Subject.Element

  private let lock = Lock.make()
  private let source: Observable<Subject.Observer.Element>
  private let makeSubject: () -> Subject
  private let freshSubjectPerConnection: Bool
  private var subject: Subject?
  private var connection: MulticastConnection?

  init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject, freshSubjectPerConnection: Bool) {
    self.source = source
    self.makeSubject = makeSubject
    self.freshSubjectPerConnection = freshSubjectPerConnection
  }

  private func currentSubject() -> Subject {
    lock.withLock {
      if let subject { return subject }
      let subject = makeSubject()
      self.subject = subject
      return subject
    }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    currentSubject().subscribe(observer)
  }

  override func connect() -> Disposable {
    let subject = currentSubject()
    let (connection, isNew): (MulticastConnection, Bool) = lock.withLock {
      if let existing = self.connection { return (existing, false) }
      let created = MulticastConnection { [self] ended in disconnected(ended) }
      self.connection = created
      return (created, true)
    }
    guard isNew else { return connection }
    let observer = subject.asObserver()
    connection.setSubscription(
      source.subscribe { [weak connection] event in
        observer.on(event)
        if event.isStopEvent { connection?.dispose() }
      })
    return connection
  }

  private func disconnected(_ ended: MulticastConnection) {
    lock.withLock {
      guard connection === ended else { return }
      connection = nil
      if freshSubjectPerConnection { subject = nil }
    }
  }
}

/// One connection of a ``Multicast``: disposing it unsubscribes from the source, once.
final class MulticastConnection: Disposable, @unchecked Sendable {
  private let subscription = SingleAssignmentDisposable()
  private let disposed = AtomicFlag()
  // Written only by the one thread that wins `disposed.set()`.
  private var onDisconnect: ((MulticastConnection) -> Void)?

  init(onDisconnect: @escaping (MulticastConnection) -> Void) {
    self.onDisconnect = onDisconnect
  }

  func setSubscription(_ disposable: Disposable) {
    subscription.setDisposable(disposable)
  }

  func dispose() {
    guard disposed.set() else { return }
    let onDisconnect = self.onDisconnect
    self.onDisconnect = nil
    onDisconnect?(self)
    subscription.dispose()
  }
}
