import Streams

/// A sequence that is a ``ControlEvent``: it can hand itself over as one.
public protocol ControlEventType: ObservableType {
  /// Returns this sequence as a ``ControlEvent``.
  func asControlEvent() -> ControlEvent<Element>
}

/// A sequence of events a control sends (a tap, an editing change), for UI code.
///
/// The contract, as in RxCocoa: it never fails, it does not send an element on subscription, and
/// it subscribes to its source on `ConcurrentMainScheduler.instance` (so on the main thread).
/// Whoever builds it from `events` promises the first two; the wrapper adds the third.
///
/// It is `Sendable`, as the `Observable` it holds is: subscribe from any thread or task.
public struct ControlEvent<PropertyType>: ControlEventType, Sendable {
  /// The type of the events.
  public typealias Element = PropertyType

  let events: Observable<PropertyType>

  /// Wraps `events`, subscribing to it on `ConcurrentMainScheduler.instance`.
  ///
  /// - Parameter events: The control's events; it must not fail or send an element on subscription.
  public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
    self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
  }

  /// Subscribes `observer` to the control's events.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
    events.subscribe(observer)
  }

  /// The control's events as an `Observable`.
  public func asObservable() -> Observable<Element> {
    events
  }

  /// Returns `self`.
  public func asControlEvent() -> ControlEvent<Element> {
    self
  }

  /// The control's events as an `Infallible`; should the source fail against its contract, the
  /// `Infallible` completes instead.
  public func asInfallible() -> Infallible<Element> {
    asInfallible(onErrorFallbackTo: .empty())
  }
}

extension ControlEvent where Element: Sendable {
  /// The control's events as a ``Driver``, delivered on the main thread.
  ///
  /// A failure would break the control event's contract: it is reported to `Hooks.diagnostic` as
  /// a `bindingError` and the driver completes (RxSwift traps in debug builds).
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorRecover: { error in
      Hooks.diagnostic(.bindingError("\(error)"))
      return .empty()
    })
  }

  /// The control's events as a ``Signal``, delivered on the main thread.
  ///
  /// A failure would break the control event's contract: it is reported to `Hooks.diagnostic` as
  /// a `bindingError` and the signal completes (RxSwift traps in debug builds).
  public func asSignal() -> Signal<Element> {
    asSignal(onErrorRecover: { error in
      Hooks.diagnostic(.bindingError("\(error)"))
      return .empty()
    })
  }
}
