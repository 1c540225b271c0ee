extension ObservableType {
  /// Splits the sequence into groups of elements that share a key: each new key sends a
  /// ``GroupedObservable``, and every element goes to its key's group.
  ///
  /// A group receives only the elements sent after it is subscribed (like a ``PublishSubject``).
  /// A terminal event reaches the groups in the order they were made.
  /// The source's error or completion goes to every group and to the outer sequence; so does an
  /// error thrown by `keySelector`. The source subscription lasts while the outer subscription or
  /// any group subscription does.
  ///
  /// ```
  /// --a1--b1--a2--|   groupBy { $0.first! }
  /// --A---B-------|   A: --a1--a2--|   B: --b1------|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func groupBy<Key: Hashable>(
    keySelector: @escaping @isolated(any) (Element) throws -> Key
  )
    -> Observable<GroupedObservable<Key, Element>>
  {
    GroupBy(
      source: asObservable(),
      keySelector: Isolation.checked(keySelector, "groupBy"))
  }
}

final class GroupBy<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let source: Observable<Element>
  private let keySelector: (Element) throws -> Key

  init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key) {
    self.source = source
    self.keySelector = keySelector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == GroupedObservable<Key, Element>
  {
    let upstream = SingleAssignmentDisposable()
    let lifetime = RefCountDisposable(disposable: upstream)
    let sink = GroupBySink(
      keySelector: keySelector, upstream: upstream, lifetime: lifetime, observer: observer, cancel: cancel)
    upstream.setDisposable(source.subscribe(sink))
    return (sink, lifetime)
  }
}

final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Observer.Element == GroupedObservable<Key, Element> {
  // Unchecked: Sink family (see `Sink`): `groups` and `groupsInOrder` are touched only by upstream's serialized events.
  private let keySelector: (Element) throws -> Key
  private let upstream: Disposable
  /// Disposes the source once the outer subscription and every group subscription released it.
  private let lifetime: RefCountDisposable
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes.
  private var groups: [Key: PublishSubject<Element>] = [:]
  /// The groups in the order they were made, so that a terminal event reaches them in that order
  /// (RxSwift's order is the dictionary's, which varies from run to run).
  private var groupsInOrder: [PublishSubject<Element>] = []

  init(
    keySelector: @escaping (Element) throws -> Key, upstream: Disposable, lifetime: RefCountDisposable,
    observer: Observer, cancel: Cancelable
  ) {
    self.keySelector = keySelector
    self.upstream = upstream
    self.lifetime = lifetime
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let key: Key
      do {
        key = try keySelector(element)
      } catch {
        fail(error)
        return
      }
      group(for: key).on(.next(element))
    case .error(let error):
      fail(error)
    case .completed:
      for group in groupsInOrder { group.on(.completed) }
      forwardOn(.completed)
      endSubscription()
    }
  }

  /// The subject of `key`'s group; a new key first sends its group downstream.
  private func group(for key: Key) -> PublishSubject<Element> {
    if let existing = groups[key] { return existing }
    let subject = PublishSubject<Element>()
    groups[key] = subject
    groupsInOrder.append(subject)
    forwardOn(.next(GroupedObservable(key: key, source: GroupSource(subject: subject, lifetime: lifetime))))
    return subject
  }

  private func fail(_ error: Swift.Error) {
    for group in groupsInOrder { group.on(.error(error)) }
    forwardOn(.error(error))
    endSubscription()
  }

  /// After a terminal event the source is done: dispose it at once, whatever groups remain.
  private func endSubscription() {
    upstream.dispose()
    dispose()
  }
}

/// A group's elements: each subscription holds the shared source subscription open until disposed.
final class GroupSource<Element>: Observable<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s (a subject and a disposable, both thread-safe).
  private let subject: PublishSubject<Element>
  private let lifetime: RefCountDisposable

  init(subject: PublishSubject<Element>, lifetime: RefCountDisposable) {
    self.subject = subject
    self.lifetime = lifetime
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let hold = lifetime.retain()
    return Disposables.create(hold, subject.subscribe(observer))
  }
}
