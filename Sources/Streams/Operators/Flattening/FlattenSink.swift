/// One subscription of a ``Flatten``: the outer subscription plus every running inner one.
///
/// Inner sequences may send from different threads; downstream delivery is serialized by holding
/// a recursive lock while forwarding. This is the serialization the Rx contract requires (events
/// to one observer never overlap), the documented exception to "no lock while calling user code";
/// the lock is recursive so that a downstream observer may cause re-entrant events. Listed in
/// TheContract.md ("How operators keep delivery serial").
///
/// An inner sequence made by `Observable.just` is not subscribed: its element is delivered and it
/// counts as completed right away, exactly where its subscription would have sent both, so no
/// observer, subscription or group entry is made for it (see `runJustLocked(_:id:)`).
final class FlattenSink<Source, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>,
  @unchecked Sendable
where Observer.Element == Inner.Element {
  // Unchecked: Sink family (see `Sink`): its `var`s are read and written only under `lock`.
  private let lock = RecursiveLock.make()
  private let selector: (Source) throws -> Inner
  private let strategy: FlattenStrategy
  private let justs = JustRecognizer<Inner.Element>()
  private let group = CompositeDisposable()
  private let outer = SingleAssignmentDisposable()
  /// The running inner sequences (with `.latest`, 1 while the newest one runs, else 0).
  private var active = 0
  private var outerDone = false
  private var queued: [Inner] = []
  /// `queued.count`, read on every completion without touching the array (in generic code, that
  /// costs an exclusivity check, a retain and a call per read).
  private var queuedCount = 0
  private var latestID = 0
  private var latestKey: CompositeDisposable.DisposeKey?
  /// Set, under the lock, with the terminal event: from then on nothing is delivered, even by an
  /// inner sequence that takes the lock before ``dispose()`` has run.
  private var stopped = false

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
    // Each strategy calls the selector itself and hands its result straight on: a local `Inner`
    // shared by the branches would be copied (a retain and a release per element).
    do {
      switch strategy {
      case .merge(let maxConcurrent) where maxConcurrent == .max:
        mergeUnlimited(try selector(element).asObservable())
      case .merge(let maxConcurrent):
        mergeLimited(try selector(element), maxConcurrent: maxConcurrent)
      case .latest:
        switchTo(try selector(element).asObservable())
      case .first:
        if lock.withLock({ active > 0 }) { return }  // Dropped: no selector call.
        startFirst(try selector(element).asObservable())
      }
    } catch {
      fail(error)  // Only the selector throws.
    }
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
        return active == 0 && queuedCount == 0
      }
      // As RxSwift: when nothing else runs, the completion goes out first and disposes the source
      // after it, except for `flatMapLatest`, which disposes the source first in either case.
      if case .latest = strategy {
        outer.dispose()
      } else if !finished {
        outer.dispose()
      }
      if finished { finish() }
    }
  }

  // MARK: Admission, one function per strategy

  /// `flatMap`, `merge()`: every inner sequence runs at once; a `just` costs one lock hold.
  private func mergeUnlimited(_ observable: Observable<Inner.Element>) {
    if justs.recognizes(observable) {
      lock.lock()
      active += 1
      runJustLocked(observable, id: 0)
      return
    }
    lock.withLock { active += 1 }
    subscribe(observable, id: 0)
  }

  /// `concatMap`, `concat`, `merge(maxConcurrent:)`: an inner sequence beyond the limit waits in
  /// order, still unconverted (`asObservable()` is called when it is subscribed, as in RxSwift).
  private func mergeLimited(_ inner: Inner, maxConcurrent: Int) {
    let admitted = lock.withLock { () -> Bool in
      if active >= maxConcurrent {
        queued.append(inner)
        queuedCount += 1
        return false
      }
      active += 1
      return true
    }
    if admitted { start(inner.asObservable(), id: 0) }
  }

  /// `flatMapLatest`, `switchLatest`: the running inner sequence is disposed before the new one
  /// starts; events of a replaced one are dropped.
  private func switchTo(_ observable: Observable<Inner.Element>) {
    lock.lock()
    latestID &+= 1
    let id = latestID
    let replacing = latestKey
    latestKey = nil
    active = 1
    if replacing == nil, justs.recognizes(observable) {
      runJustLocked(observable, id: id)
      return
    }
    lock.unlock()
    if let replacing { group.remove(for: replacing) }
    start(observable, id: id)
  }

  /// `flatMapFirst`: an inner sequence starts only when none runs.
  private func startFirst(_ observable: Observable<Inner.Element>) {
    lock.lock()
    if active > 0 {
      lock.unlock()
      return
    }
    active = 1
    if justs.recognizes(observable) {
      runJustLocked(observable, id: 0)
      return
    }
    lock.unlock()
    subscribe(observable, id: 0)
  }

  /// Starts an admitted inner sequence: a `just` runs at once, any other is subscribed.
  private func start(_ observable: Observable<Inner.Element>, id: Int) {
    if justs.recognizes(observable) {
      lock.lock()
      runJustLocked(observable, id: id)
    } else {
      subscribe(observable, id: id)
    }
  }

  // MARK: Inner sequences

  /// With the lock held (released here), does what subscribing to the `just` would: its element,
  /// then its completion. The lock is held while delivering, as for any inner element (see the
  /// type's documentation); an event the observer causes meanwhile sees this inner as running.
  private func runJustLocked(_ just: Observable<Inner.Element>, id: Int) {
    if delivers(id) { forwardNext(justs.element(of: just)) }
    completeLocked(id: id, key: nil)
  }

  /// Subscribes `inner` first and joins the group only if it is still running when `subscribe`
  /// returns: an inner sequence that completed synchronously (`from`, `empty`) then costs one
  /// observer object, no group insertion and no removal.
  private func subscribe(_ inner: Observable<Inner.Element>, id: Int) {
    let observer = FlattenInnerObserver(sink: self, id: id)
    let subscription = inner.subscribe(observer)
    if lock.withLock({ observer.isDone }) {
      subscription.dispose()
      return
    }
    guard let key = group.insert(subscription) else { return }  // Disposed: `insert` disposed it.
    let removeNow = lock.withLock { () -> Bool in
      if observer.isDone { return true }
      if case .latest = strategy {
        if latestID != id { return true }  // Replaced while subscribing: dispose it now.
        latestKey = key
      }
      observer.key = key
      return false
    }
    if removeNow { group.remove(for: key) }
  }

  /// Whether events of the inner sequence `id` still go downstream (with `.latest`, only the
  /// newest one's do).
  private func isCurrent(_ id: Int) -> Bool {
    if case .latest = strategy { return id == latestID }
    return true
  }

  /// Under the lock: whether an element of the inner sequence `id` goes downstream now.
  private func delivers(_ id: Int) -> Bool { !stopped && isCurrent(id) }

  fileprivate func onInnerNext(_ element: Inner.Element, id: Int) {
    lock.lock()
    if delivers(id) { forwardNext(element) }  // Under the lock: see the type's documentation.
    lock.unlock()
  }

  fileprivate func onInner(_ event: Event<Inner.Element>, observer: FlattenInnerObserver<Source, Inner, Observer>) {
    switch event {
    case .next(let element):
      onInnerNext(element, id: observer.id)
    case .error(let error):
      let (current, key) = lock.withLock { () -> (Bool, CompositeDisposable.DisposeKey?) in
        observer.isDone = true
        guard case .latest = strategy else { return (isCurrent(observer.id), nil) }
        defer { observer.key = nil }
        return (isCurrent(observer.id), observer.key)
      }
      // `flatMapLatest` disposes the failed inner sequence before the error goes out, as RxSwift's
      // `switchLatest` does; the other strategies send the error first.
      if let key { group.remove(for: key) }
      if current { fail(error) }
    case .completed:
      onInnerCompleted(observer)
    }
  }

  fileprivate func onInnerCompleted(_ observer: FlattenInnerObserver<Source, Inner, Observer>) {
    lock.lock()
    observer.isDone = true
    let key = observer.key
    observer.key = nil
    completeLocked(id: observer.id, key: key)
  }

  /// With the lock held (released here): accounts for the completion of the inner sequence `id`,
  /// disposes its subscription (`key`, if it joined the group), then starts the oldest queued inner
  /// sequence or, when nothing runs and the source is done, completes. No value of a type nested
  /// in this generic class passes through here: each would cost a metadata lookup per inner.
  private func completeLocked(id: Int, key: CompositeDisposable.DisposeKey?) {
    if case .latest = strategy {
      guard id == latestID else {  // Replaced: its completion means nothing.
        lock.unlock()
        if let key { group.remove(for: key) }
        return
      }
      latestKey = nil
    }
    active -= 1
    if queuedCount > 0 {
      let next = dequeueLocked()
      lock.unlock()
      if let key { group.remove(for: key) }
      startOnTrampoline(next)
      return
    }
    let finished = active == 0 && outerDone
    lock.unlock()
    if let key { group.remove(for: key) }
    if finished { finish() }
  }

  /// Starts a dequeued inner sequence on the trampoline, so that a long run of inner sequences
  /// that complete synchronously (concat of many `just`s) does not nest one inside the previous.
  private func startOnTrampoline(_ next: Inner) {
    _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
      start(next.asObservable(), id: 0)
      return Disposables.create()
    }
  }

  /// Under the lock, with `queued` not empty: takes the oldest queued inner sequence, which is now
  /// active. Out of line, so that the common path does no `Array`/`Optional` work on `Inner`.
  @inline(never)
  private func dequeueLocked() -> Inner {
    active += 1
    queuedCount -= 1
    return queued.removeFirst()
  }

  private func fail(_ error: Swift.Error) { stop(.error(error)) }

  private func finish() { stop(.completed) }

  /// Sends the terminal event once. It is marked under the lock that serializes deliveries, so an
  /// element or a second terminal event from another thread, waiting for that lock, finds the sink
  /// stopped; the subscriptions are disposed after unlocking. Only a terminal event that comes
  /// from a call re-entered from a delivery disposes while the outer call still holds the lock:
  /// the same documented exception as the delivery itself.
  private func stop(_ event: Event<Observer.Element>) {
    lock.lock()
    if stopped {
      lock.unlock()
      return
    }
    stopped = true
    forwardOn(event)
    lock.unlock()
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
  // Unchecked: `isDone` and `key` are read and written only under the sink's lock (see the type).
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
