#if canImport(Observation)
  import Observation

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  extension Observable {
    /// The value at `keyPath` of an `@Observable` object: its current value, then its value after
    /// each change, read and sent on `scheduler`.
    ///
    /// ```swift
    /// @Observable final class SearchModel { var query = "" }
    /// Observable.observe(model, \.query)
    ///   .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
    ///   .subscribe(onNext: { search($0) })
    /// ```
    ///
    /// Contract (the same as ``observe(scheduler:_:)``'s):
    /// - Subscribing reads the value on `scheduler` and sends it; each change reported by
    ///   Observation schedules one more read, which sends the value then current. Changes made
    ///   before that read runs are coalesced into it, as Observation coalesces them (the read sees
    ///   the latest value); equal values are not filtered (add `distinctUntilChanged()`).
    /// - Only what the read touched is tracked, anew at each read.
    /// - The object is held weakly: the subscription does not keep it alive. A read that finds it
    ///   released completes the sequence.
    /// - Disposing stops tracking: a change after that schedules nothing.
    /// - The sequence never fails.
    /// - Change the object where the reads are serialized after the change: on the scheduler's
    ///   queue (the main scheduler for a main-actor model), or between a `TestScheduler`'s
    ///   advances. Observation reports a change before it is stored, so a read racing a change made
    ///   at the same moment on another thread may still see the old value (Observation's own
    ///   `withObservationTracking` has that race). For a model changed from several threads, use
    ///   Swift 6.2's `Observations { model.query }.asObservable()`, which reads after the change.
    ///
    /// - Parameters:
    ///   - object: the observed object.
    ///   - keyPath: the observed property (or chain of properties).
    ///   - scheduler: where each read runs and each value is sent. Observation reports a change
    ///     before it is stored, so the reads after a change are scheduled with `scheduleRelative`
    ///     and a zero delay: pick a scheduler that runs them later (the main scheduler, a dispatch
    ///     queue scheduler, a `TestScheduler`), not `CurrentThreadScheduler`.
    public static func observe<Root: AnyObject & Observation.Observable>(
      _ object: Root, _ keyPath: KeyPath<Root, Element>, scheduler: SchedulerType = MainScheduler.instance
    ) -> Observable<Element> {
      ObservationTracking(scheduler: scheduler) { [weak object] in
        guard let object else { return nil }
        return .some(object[keyPath: keyPath])
      }
    }

    /// Any expression of an `@Observable` object, held weakly: `value(object)` now, then after each
    /// change, read and sent on `scheduler`.
    ///
    /// ```swift
    /// Observable.observe(model) { $0.firstName + " " + $0.lastName }
    /// ```
    ///
    /// The contract of ``observe(_:_:scheduler:)`` applies: the
    /// properties `value` reads are tracked, and a read that finds `object` released completes.
    /// A main-actor `value` needs a scheduler that runs on the main thread. Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
    public static func observe<Root: AnyObject & Observation.Observable>(
      _ object: Root, scheduler: SchedulerType = MainScheduler.instance,
      _ value: @escaping @isolated(any) (Root) -> Element
    ) -> Observable<Element> {
      let value = Isolation.checked(value, "observe")
      return ObservationTracking(scheduler: scheduler) { [weak object] in
        guard let object else { return nil }
        return .some(value(object))
      }
    }

    /// Any expression over `@Observable` state: `value()` now, then after each change of what it
    /// read, read and sent on `scheduler`.
    ///
    /// ```swift
    /// Observable.observe { settings.theme }
    /// ```
    ///
    /// The contract of ``observe(_:_:scheduler:)`` applies, but
    /// `value` holds what it captures for as long as the subscription lives, and the sequence never
    /// completes: capture objects weakly to keep them out of it. `value` keeps the isolation of the
    /// caller (the contract article's "Isolation" section).
    ///
    /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
    public static func observe(
      scheduler: SchedulerType = MainScheduler.instance, _ value: @escaping @isolated(any) () -> Element
    ) -> Observable<Element> {
      let value = Isolation.checked(value, "observe")
      return ObservationTracking(scheduler: scheduler) { .some(value()) }
    }
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  extension Infallible {
    /// The value at `keyPath` of an `@Observable` object, as an infallible sequence: the contract of
    /// ``Observable/observe(_:_:scheduler:)``.
    public static func observe<Root: AnyObject & Observation.Observable>(
      _ object: Root, _ keyPath: KeyPath<Root, Element>, scheduler: SchedulerType = MainScheduler.instance
    ) -> Infallible<Element> {
      Infallible(Observable.observe(object, keyPath, scheduler: scheduler))
    }

    /// Any expression of an `@Observable` object, held weakly, as an infallible sequence: the
    /// contract of ``Observable/observe(_:scheduler:_:)``.
    ///
    /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
    public static func observe<Root: AnyObject & Observation.Observable>(
      _ object: Root, scheduler: SchedulerType = MainScheduler.instance,
      _ value: @escaping @isolated(any) (Root) -> Element
    ) -> Infallible<Element> {
      Infallible(Observable.observe(object, scheduler: scheduler, value))
    }

    /// Any expression over `@Observable` state, as an infallible sequence: the contract of
    /// ``Observable/observe(scheduler:_:)``.
    ///
    /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
    public static func observe(
      scheduler: SchedulerType = MainScheduler.instance, _ value: @escaping @isolated(any) () -> Element
    ) -> Infallible<Element> {
      Infallible(Observable.observe(scheduler: scheduler, value))
    }
  }

  /// The operator behind `observe`: reads `read` inside `withObservationTracking` on `scheduler`,
  /// sends the value, and schedules the next read when Observation reports a change.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  // Unchecked: only immutable `let`s; `read` is called on `scheduler` only, by the sink, one read
  // at a time (the Producer pattern of every operator). ObserveTests' threads test runs it on a
  // real queue.
  final class ObservationTracking<Element>: Producer<Element>, @unchecked Sendable {
    /// The value, or `nil` when the observed object is gone.
    typealias Read = () -> Element?

    private let scheduler: SchedulerType
    private let read: Read

    init(scheduler: SchedulerType, read: @escaping Read) {
      self.scheduler = scheduler
      self.read = read
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
      -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
    {
      let sink = ObservationTrackingSink(scheduler: scheduler, read: read, observer: observer, cancel: cancel)
      return (sink, sink.run())
    }
  }

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  // Unchecked: every stored property is a `let` of a thread-safe type (SerialDisposable, the
  // handler set once in init); reads and sends run on `scheduler`, one scheduled read at a time.
  final class ObservationTrackingSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    private let scheduler: SchedulerType
    private let read: ObservationTracking<Observer.Element>.Read
    /// The pending read; disposing the subscription disposes it.
    private let pending = SerialDisposable()
    /// What Observation calls on a change: a non-generic hop to ``changed()``, so the `@Sendable`
    /// handler captures no metatype.
    private let onChange = ObservationChangeHandler()

    init(
      scheduler: SchedulerType, read: @escaping ObservationTracking<Observer.Element>.Read, observer: Observer,
      cancel: Cancelable
    ) {
      self.scheduler = scheduler
      self.read = read
      super.init(observer: observer, cancel: cancel)
      onChange.action = { [weak self] in self?.changed() }
    }

    func run() -> Disposable {
      pending.disposable = scheduler.schedule(self) { sink in
        sink.readAndTrack()
        return Disposables.create()
      }
      return pending
    }

    /// Reads the value, tracking what the read touched, and sends it.
    private func readAndTrack() {
      guard !isDisposed else { return }
      let onChange = onChange
      let value = withObservationTracking(read, onChange: { onChange.fire() })
      guard let value else {
        forwardOn(.completed)
        dispose()
        return
      }
      forwardOn(.next(value))
    }

    /// Observation reports a change that is about to be stored: reads again once it is.
    private func changed() {
      guard !isDisposed else { return }
      pending.disposable = scheduler.scheduleRelative(self, dueTime: .nanoseconds(0)) { sink in
        sink.readAndTrack()
        return Disposables.create()
      }
    }

    override func dispose() {
      super.dispose()
      pending.dispose()
    }
  }

  /// Holds the sink's reaction to a change; set once at creation, then only read.
  // Unchecked: `action` is written once, in the sink's init, before the handler is handed to
  // Observation (which may call `fire` from any thread); after that it is only read.
  final class ObservationChangeHandler: @unchecked Sendable {
    var action: (() -> Void)?

    func fire() {
      action?()
    }
  }
#endif
