/// `combineLatest` of two sources: one sink that keeps both latest elements in typed fields and
/// receives each source through a small observer, instead of `Observable.create`, an
/// ``AnyObserver`` and store/combine closures around the shared ``CombineLatestCore``.
///
/// The rules are the core's: a combination once both have sent; completion when both completed,
/// or when one sends while the other has completed without sending; the first error ends it.
/// Delivery is serialized by a recursive lock held while forwarding: a documented exception to
/// "no lock around user code" (TheContract.md, "How operators keep delivery serial"), kept for
/// now because this is the benchmarked two-source path (row F).
final class CombineLatest2<First, Second, Result>: Producer<Result>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let first: Observable<First>
  private let second: Observable<Second>
  private let resultSelector: (First, Second) throws -> Result

  init(
    _ first: Observable<First>, _ second: Observable<Second>, resultSelector: @escaping (First, Second) throws -> Result
  ) {
    self.first = first
    self.second = second
    self.resultSelector = resultSelector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result
  {
    let sink = CombineLatest2Sink<First, Second, Result, Observer>(
      resultSelector: resultSelector, observer: observer, cancel: cancel)
    let observer1 = CombineLatest2First(sink: sink)
    observer1.subscription.setDisposable(first.subscribe(observer1))
    let observer2 = CombineLatest2Second(sink: sink)
    observer2.subscription.setDisposable(second.subscribe(observer2))
    return (sink, Disposables.create(observer1.subscription, observer2.subscription))
  }
}

/// `Result` is `Observer.Element` as a type parameter of its own: generic code finds its metadata in
/// the class's, where `Observer.Element` would cost an associated-type lookup per combination.
final class CombineLatest2Sink<First, Second, Result, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
where Observer.Element == Result {
  // Unchecked: Sink family (see `Sink`): its flags and the two slots are read and written only under `lock`.
  private let lock = RecursiveLock.make()
  private let resultSelector: (First, Second) throws -> Result
  // The latest elements live in storage allocated once per subscription rather than in `First?` /
  // `Second?` fields: in unspecialized generic code every access to an `Optional<T>` looks up its
  // metadata, while a pointer's pointee uses `T`'s value witnesses directly.
  private let first = UnsafeMutablePointer<First>.allocate(capacity: 1)
  private let second = UnsafeMutablePointer<Second>.allocate(capacity: 1)
  // Guarded by `lock`; the accesses never overlap, so no dynamic exclusivity checks.
  @exclusivity(unchecked) private var hasFirst = false
  @exclusivity(unchecked) private var hasSecond = false
  @exclusivity(unchecked) private var firstDone = false
  @exclusivity(unchecked) private var secondDone = false
  @exclusivity(unchecked) private var stopped = false

  init(resultSelector: @escaping (First, Second) throws -> Result, observer: Observer, cancel: Cancelable) {
    self.resultSelector = resultSelector
    super.init(observer: observer, cancel: cancel)
  }

  deinit {
    if hasFirst { first.deinitialize(count: 1) }
    if hasSecond { second.deinitialize(count: 1) }
    first.deallocate()
    second.deallocate()
  }

  // The element paths lock and unlock in line rather than through ``whileRunning(_:)``, whose
  // closure is not inlined in unspecialized code (an indirect call per element).
  func nextFirst(_ value: First) {
    lock.lock()
    if stopped { return lock.unlock() }
    Self.keep(value, in: first, isSet: &hasFirst)
    if hasSecond {
      let latest = second.pointee  // A copy: the selector or downstream may re-enter and replace it.
      combine(value, latest)
    } else if secondDone {
      stop(error: nil)  // The second completed without an element: no combination can come.
    }
    let ended = stopped
    lock.unlock()
    if ended { dispose() }
  }

  func nextSecond(_ value: Second) {
    lock.lock()
    if stopped { return lock.unlock() }
    Self.keep(value, in: second, isSet: &hasSecond)
    if hasFirst {
      let latest = first.pointee
      combine(latest, value)
    } else if firstDone {
      stop(error: nil)
    }
    let ended = stopped
    lock.unlock()
    if ended { dispose() }
  }

  func fail(_ error: Swift.Error) {
    whileRunning { stop(error: error) }
  }

  func complete(isFirst: Bool) {
    whileRunning {
      if isFirst {
        if firstDone { return }
        firstDone = true
      } else {
        if secondDone { return }
        secondDone = true
      }
      if firstDone && secondDone { stop(error: nil) }
    }
  }

  /// Runs `body` under the lock unless the sink has stopped; if `body` stopped it, disposes both
  /// subscriptions after unlocking. Only a call re-entered from a delivery disposes while an outer
  /// call still holds the lock: the same documented exception as the delivery itself.
  @inline(__always)
  private func whileRunning(_ body: () -> Void) {
    lock.lock()
    if stopped {
      lock.unlock()
      return
    }
    body()
    let ended = stopped
    lock.unlock()
    if ended { dispose() }
  }

  /// Under the lock: keeps `value` as its source's latest element.
  @inline(__always)
  private static func keep<Value>(_ value: Value, in slot: UnsafeMutablePointer<Value>, isSet: inout Bool) {
    if isSet {
      slot.pointee = value
    } else {
      slot.initialize(to: value)
      isSet = true
    }
  }

  /// Under the lock. Inlined into the element paths, and sending the selector's result straight
  /// on (no local `Result` moved out of the `do`): in unspecialized code each is a call.
  @inline(__always)
  private func combine(_ first: First, _ second: Second) {
    do {
      forwardNext(try resultSelector(first, second))
    } catch {
      stop(error: error)
    }
  }

  /// Under the lock: marks the sink stopped and sends the terminal event (`.error`, or `.completed`
  /// when `error` is `nil`); ``whileRunning(_:)`` disposes after unlocking. Out of line, so the
  /// element path builds no `Event`.
  @inline(never)
  private func stop(error: Swift.Error?) {
    stopped = true
    forwardOn(error.map { .error($0) } ?? .completed)
  }
}

/// The sink's observer of the first source. A class that is an ``ObserverBox``, so that a subject
/// source keeps and calls it directly (row F's path).
// Unchecked: both properties are immutable and thread-safe themselves (the sink serializes under its
// lock; `SingleAssignmentDisposable` is atomic). SeveralSourcesConcurrencyTests sends from real
// threads into both sources, under ThreadSanitizer in CI.
final class CombineLatest2First<First, Second, Result, Observer: ObserverType>: ObserverBox<First>, ObserverType,
  @unchecked Sendable
where Observer.Element == Result {
  let sink: CombineLatest2Sink<First, Second, Result, Observer>
  /// Disposed as this source ends, before the sink hears of it (as RxSwift's `CombineLatestObserver`).
  let subscription = SingleAssignmentDisposable()

  init(sink: CombineLatest2Sink<First, Second, Result, Observer>) { self.sink = sink }

  override func onNext(_ element: First) { sink.nextFirst(element) }

  override func on(_ event: Event<First>) {
    switch event {
    case .next(let element): sink.nextFirst(element)
    case .error(let error):
      subscription.dispose()
      sink.fail(error)
    case .completed:
      subscription.dispose()
      sink.complete(isFirst: true)
    }
  }
}

/// The sink's observer of the second source; as ``CombineLatest2First`` (and unchecked for the same
/// reason).
final class CombineLatest2Second<First, Second, Result, Observer: ObserverType>: ObserverBox<Second>, ObserverType,
  @unchecked Sendable
where Observer.Element == Result {
  let sink: CombineLatest2Sink<First, Second, Result, Observer>
  /// Disposed as this source ends, before the sink hears of it (as RxSwift's `CombineLatestObserver`).
  let subscription = SingleAssignmentDisposable()

  init(sink: CombineLatest2Sink<First, Second, Result, Observer>) { self.sink = sink }

  override func onNext(_ element: Second) { sink.nextSecond(element) }

  override func on(_ event: Event<Second>) {
    switch event {
    case .next(let element): sink.nextSecond(element)
    case .error(let error):
      subscription.dispose()
      sink.fail(error)
    case .completed:
      subscription.dispose()
      sink.complete(isFirst: false)
    }
  }
}
