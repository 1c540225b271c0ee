#if canImport(Observation)
  import Observation

  /// An `@Observable` holder of the latest element of a sequence, for SwiftUI (or any Observation
  /// client) to read: the bridge from Rx state (a relay, an `Observable`, StreamsCocoa's `Driver`
  /// and `Signal`) to Observation.
  ///
  /// ```swift
  /// @MainActor @Observable final class ProfileScreen {
  ///   let name: ObservedValue<String>
  ///   init(viewModel: ProfileViewModel) { name = ObservedValue(viewModel.name) }  // a BehaviorRelay
  /// }
  /// // In a SwiftUI body: Text(screen.name.value)
  /// ```
  ///
  /// Contract:
  /// - ``value`` starts as the initial value and becomes each element the source sends; each
  ///   update is a mutation Observation reports to whoever read ``value``.
  /// - The holder lives on the main actor: it is created there and updated there. Elements reach it
  ///   through `observe(on: MainScheduler.instance)`: one sent on the main thread updates it at
  ///   once, unless the main scheduler still has earlier work queued (then in order after it);
  ///   one sent elsewhere is moved to the main queue, in order. A `Driver` or `Signal` (StreamsCocoa)
  ///   sends on the main thread and updates it at once.
  /// - An error is kept in ``failure``; an error or a completion sets ``isFinished``; ``value``
  ///   keeps the last element.
  /// - The holder owns its subscription and the subscription does not own the holder: releasing
  ///   the holder disposes the subscription. ``stop()`` disposes it earlier.
  ///
  /// Availability: Observation needs macOS 14, iOS 17, tvOS 17, watchOS 10.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  @MainActor
  public final class ObservedValue<Value>: Observation.Observable {
    private let registrar = ObservationRegistrar()
    private var storedValue: Value
    private var storedFailure: (any Error)?
    private var storedIsFinished = false
    private let subscription = SingleAssignmentDisposable()

    /// Holds `initial` until `source` sends its first element, then each element it sends.
    ///
    /// `Value` is `Sendable`: the elements may be sent on any thread, and are moved to the main
    /// queue (`observe(on: MainScheduler.instance)`), which delivers at once those sent on the main
    /// thread. StreamsCocoa's `Driver` and `Signal` overload needs no `Sendable`: they send on the
    /// main thread already.
    ///
    /// - Parameters:
    ///   - source: the sequence whose elements the holder takes.
    ///   - initial: the value until the first element.
    public convenience init<Source: ObservableConvertibleType>(
      _ source: Source, initial: Value
    ) where Source.Element == Value, Value: Sendable {
      self.init(subscribingTo: source.asObservable().observe(on: MainScheduler.instance), initial: initial)
    }

    /// Holds the relay's current value, then each value it takes (the rules of
    /// ``init(_:initial:)``).
    public convenience init(_ relay: BehaviorRelay<Value>)
    where Value: Sendable {
      self.init(relay, initial: relay.value)
    }

    /// Holds `initial`, then each element of `source`, which sends on the main thread (a shared
    /// sequence, or a sequence already observed on the main scheduler).
    package init(subscribingTo source: Observable<Value>, initial: Value) {
      storedValue = initial
      let receive: @MainActor (Event<Value>) -> Void = { [weak self] event in self?.receive(event) }
      subscription.setDisposable(
        Self.subscribe(source, MainActorDelivery.deliver(receive, "ObservedValue")))
    }

    /// Subscribes outside the main actor's isolation: the elements arrive on the main thread, and
    /// `MainActorDelivery` hands them to the main actor.
    private nonisolated static func subscribe(
      _ source: Observable<Value>, _ receive: @escaping (Event<Value>) -> Void
    ) -> Disposable {
      source.subscribe(receive)
    }

    deinit {
      subscription.dispose()
    }

    /// The latest element (or the initial value); reading it is tracked by Observation.
    public var value: Value {
      registrar.access(self, keyPath: \.value)
      return storedValue
    }

    /// The error the source ended with, if any; reading it is tracked by Observation.
    public var failure: (any Error)? {
      registrar.access(self, keyPath: \.failure)
      return storedFailure
    }

    /// Whether the source has completed or failed; reading it is tracked by Observation.
    public var isFinished: Bool {
      registrar.access(self, keyPath: \.isFinished)
      return storedIsFinished
    }

    /// Disposes the subscription now: ``value`` keeps its last element.
    public func stop() {
      subscription.dispose()
    }

    private func receive(_ event: Event<Value>) {
      switch event {
      case .next(let element):
        registrar.withMutation(of: self, keyPath: \.value) { storedValue = element }
      case .error(let error):
        registrar.withMutation(of: self, keyPath: \.failure) { storedFailure = error }
        finish()
      case .completed:
        finish()
      }
    }

    private func finish() {
      registrar.withMutation(of: self, keyPath: \.isFinished) { storedIsFinished = true }
    }
  }
#endif
