/// One subscription of a ``Flatten``: the outer subscription plus every running inner one.
///
/// Inner sequences may send from different threads; downstream delivery is serialized by holding
/// a recursive lock while forwarding. This is the serialization the Rx contract requires (events
/// to one observer never overlap), the documented exception to "no lock while calling user code";
/// the lock is recursive so that a downstream observer may cause re-entrant events.
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

  init(selector: @escaping (Source) throws -> Inner, strategy: FlattenStrategy, observer: Observer, cancel: Cancelable) {
    self.selector = selector
    self.strategy = strategy
    super.init(observer: observer, cancel: cancel)
  }

  func run(_ source: Observable<Source>) -> Disposable {
    _ = group.insert(outer)
    outer.setDisposable(source.subscribe { [self] event in onOuter(event) })
    return group
  }

  private func onOuter(_ event: Event<Source>) {
    switch event {
    case .next(let element):
      if case .first = strategy, lock.withLock({ active > 0 }) { return }  // Dropped: no selector call.
      let inner: Inner
      do {
        inner = try selector(element)
      } catch {
        fail(error)
        return
      }
      admit(inner)
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

  private func subscribe(_ inner: Inner, id: Int) {
    let subscription = SingleAssignmentDisposable()
    guard let key = group.insert(subscription) else { return }
    if case .latest = strategy {
      lock.withLock { if latestID == id { latestKey = key } }
    }
    subscription.setDisposable(
      inner.asObservable().subscribe { [self] event in onInner(event, id: id, key: key) })
  }

  private func onInner(_ event: Event<Inner.Element>, id: Int, key: CompositeDisposable.DisposeKey) {
    lock.lock()
    if case .latest = strategy, id != latestID {
      lock.unlock()
      return
    }
    switch event {
    case .next:
      forwardOn(event)  // Under the lock: serialized delivery, see the type's documentation.
      lock.unlock()
    case .error(let error):
      lock.unlock()
      fail(error)
    case .completed:
      active -= 1
      if case .latest = strategy { latestKey = nil }
      let next = queued.isEmpty ? nil : queued.removeFirst()
      if next != nil { active += 1 }
      let finished = next == nil && active == 0 && outerDone
      lock.unlock()
      group.remove(for: key)
      if let next {
        // On the trampoline, so a long run of inner sequences that complete synchronously
        // (concat of many `just`s) does not nest one subscription inside the previous one.
        _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
          subscribe(next, id: 0)
          return Disposables.create()
        }
      } else if finished {
        finish()
      }
    }
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
