/// One subscription of a ``Flatten``: the outer subscription plus every running inner one.
///
/// Inner sequences may send from different threads; downstream delivery is serialized by holding
/// a recursive lock while forwarding. This is the serialization the Rx contract requires (events
/// to one observer never overlap), the documented exception to "no lock while calling user code";
/// the lock is recursive so that a downstream observer may cause re-entrant events. Listed in
/// TheContract.md ("How operators keep delivery serial").
final class FlattenSink<Source, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>,
  @unchecked Sendable
where Observer.Element == Inner.Element {
  private let lock = RecursiveLock.make()
  private let selector: (Source) throws -> Inner
  private let strategy: FlattenStrategy
  private let group = CompositeDisposable()
  private let outer = SingleAssignmentDisposable()
  private var active = 0
  private var outerDone = false
  private var queued: [Inner] = []
  private var latestID = 0
  private var latestKey: CompositeDisposable.DisposeKey?

  private enum Admission {
    case subscribe(id: Int, replacing: CompositeDisposable.DisposeKey?)
    case drop
  }

  init(selector: @escaping (Source) throws -> Inner, strategy: FlattenStrategy, observer: Observer, cancel: Cancelable)
  {
    self.selector = selector
    self.strategy = strategy
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source: Observable<Source>) -> Disposable {
    _ = group.insert(outer)
    outer.setDisposable(source.subscribe(FlattenOuterObserver(sink: self)))
    return group
  }

  fileprivate func onOuterNext(_ element: Source) {
    if case .first = strategy, lock.withLock({ active > 0 }) { return }  // Dropped: no selector call.
    let inner: Inner
    do {
      inner = try selector(element)
    } catch {
      fail(error)
      return
    }
    admit(inner)
  }

  fileprivate func onOuter(_ event: Event<Source>) {
    switch event {
    case .next(let element):
      onOuterNext(element)
    case .error(let error):
      fail(error)
    case .completed:
      let finished = lock.withLock { () -> Bool in
        outerDone = true
        return active == 0 && queued.isEmpty
      }
      outer.dispose()
      if finished { finish() }
    }
  }

  /// Decides what a new inner sequence does under the strategy, then subscribes outside the lock.
  private func admit(_ inner: Inner) {
    let admission: Admission = lock.withLock {
      switch strategy {
      case .merge(let maxConcurrent):
        if active >= maxConcurrent {
          queued.append(inner)
          return .drop
        }
        active += 1
        return .subscribe(id: 0, replacing: nil)
      case .latest:
        latestID += 1
        let replacing = latestKey
        latestKey = nil
        if replacing == nil { active += 1 }
        return .subscribe(id: latestID, replacing: replacing)
      case .first:
        if active > 0 { return .drop }
        active += 1
        return .subscribe(id: 0, replacing: nil)
      }
    }
    guard case .subscribe(let id, let replacing) = admission else { return }
    if let replacing { group.remove(for: replacing) }
    subscribe(inner, id: id)
  }

  /// Subscribes `inner` first and joins the group only if it is still running when `subscribe`
  /// returns: an inner sequence that completed synchronously (`just`, `from`, `empty`) then costs
  /// one observer object, no `SingleAssignmentDisposable` and no group insertion and removal.
  private func subscribe(_ inner: Inner, id: Int) {
    let observer = FlattenInnerObserver(sink: self, id: id)
    let subscription = inner.asObservable().subscribe(observer)
    if lock.withLock({ observer.isDone }) {
      subscription.dispose()
      return
    }
    guard let key = group.insert(subscription) else { return }  // Disposed: `insert` disposed it.
    let completedMeanwhile = lock.withLock { () -> Bool in
      if observer.isDone { return true }
      observer.key = key
      if case .latest = strategy, latestID == id { latestKey = key }
      return false
    }
    if completedMeanwhile { group.remove(for: key) }
  }

  fileprivate func onInnerNext(_ element: Inner.Element, id: Int) {
    lock.lock()
    if case .latest = strategy, id != latestID {
      lock.unlock()
      return
    }
    forwardNext(element)  // Under the lock: serialized delivery, see the type's documentation.
    lock.unlock()
  }

  fileprivate func onInner(_ event: Event<Inner.Element>, observer: FlattenInnerObserver<Source, Inner, Observer>) {
    switch event {
    case .next(let element):
      onInnerNext(element, id: observer.id)
    case .error(let error):
      lock.lock()
      observer.isDone = true
      if case .latest = strategy, observer.id != latestID {
        lock.unlock()
        return
      }
      lock.unlock()
      fail(error)
    case .completed:
      onInnerCompleted(observer)
    }
  }

  fileprivate func onInnerCompleted(_ observer: FlattenInnerObserver<Source, Inner, Observer>) {
    lock.lock()
    observer.isDone = true
    let key = observer.key
    observer.key = nil
    if case .latest = strategy, observer.id != latestID {
      lock.unlock()
      if let key { group.remove(for: key) }
      return
    }
    active -= 1
    if case .latest = strategy { latestKey = nil }
    if queued.count > 0 {  // Not `isEmpty`: in generic code that looks up `Array<Inner>`'s metadata.
      let next = dequeueLocked()
      lock.unlock()
      if let key { group.remove(for: key) }
      // On the trampoline, so a long run of inner sequences that complete synchronously
      // (concat of many `just`s) does not nest one subscription inside the previous one.
      _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
        subscribe(next, id: 0)
        return Disposables.create()
      }
      return
    }
    let finished = active == 0 && outerDone
    lock.unlock()
    if let key { group.remove(for: key) }
    if finished { finish() }
  }

  /// Under the lock, with `queued` not empty: takes the oldest queued inner sequence, which is now
  /// active. Out of line, so that the common path does no `Array`/`Optional` work on `Inner`.
  @inline(never)
  private func dequeueLocked() -> Inner {
    active += 1
    return queued.removeFirst()
  }

  private func fail(_ error: Swift.Error) {
    lock.withLock { forwardOn(.error(error)) }
    dispose()
  }

  private func finish() {
    lock.withLock { forwardOn(.completed) }
    dispose()
  }
}

/// The observer of a ``FlattenSink``'s source.
struct FlattenOuterObserver<Source, Inner: ObservableConvertibleType, Observer: ObserverType>: ObserverType
where Observer.Element == Inner.Element {
  let sink: FlattenSink<Source, Inner, Observer>

  func onNext(_ element: Source) { sink.onOuterNext(element) }
  func on(_ event: Event<Source>) { sink.onOuter(event) }
}

/// The observer of one inner sequence of a ``FlattenSink``; `isDone` and `key` are guarded by the
/// sink's lock.
final class FlattenInnerObserver<Source, Inner: ObservableConvertibleType, Observer: ObserverType>: ObserverType,
  @unchecked Sendable
where Observer.Element == Inner.Element {
  let sink: FlattenSink<Source, Inner, Observer>
  let id: Int
  var isDone = false
  var key: CompositeDisposable.DisposeKey?

  init(sink: FlattenSink<Source, Inner, Observer>, id: Int) {
    self.sink = sink
    self.id = id
  }

  func onNext(_ element: Inner.Element) {
    sink.onInnerNext(element, id: id)
  }

  func onCompleted() {
    sink.onInnerCompleted(self)
  }

  func on(_ event: Event<Inner.Element>) {
    sink.onInner(event, observer: self)
  }
}
