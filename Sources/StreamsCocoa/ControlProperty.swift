import Streams

/// A sequence that is also an observer and a ``ControlProperty``: it can hand itself over as one.
public protocol ControlPropertyType: ObservableType, ObserverType {
  /// Returns this sequence as a ``ControlProperty``.
  func asControlProperty() -> ControlProperty<Element>
}

/// A control's value (a text field's text, a switch's state): a sequence of its values and an
/// observer that sets it.
///
/// The contract, as in RxCocoa: it never fails, it sends the current value on subscription, and
/// it subscribes to `values` on `ConcurrentMainScheduler.instance` (so on the main thread).
/// Whoever builds it promises the first two (usually with `share(replay: 1)`); the wrapper adds
/// the third. Elements sent to it go to `valueSink`; an error cannot be shown, so it is reported
/// to `Hooks.diagnostic` as a `bindingError` and dropped (RxSwift traps in debug builds).
///
/// It is `Sendable`: subscribe or send from any thread or task. Its values are an `Observable`
/// (`Sendable`); its sink, by the same contract, sets the control's value on the main thread (a
/// `Binder`, as every control's property in this module has).
// Unchecked: `valueSink` is type-erased; the contract above is what makes sending to it safe.
public struct ControlProperty<PropertyType>: ControlPropertyType, @unchecked Sendable {
  /// The type of the values.
  public typealias Element = PropertyType

  let values: Observable<PropertyType>
  let valueSink: AnyObserver<PropertyType>

  /// Wraps `values` (subscribed on `ConcurrentMainScheduler.instance`) and `valueSink`.
  ///
  /// - Parameters:
  ///   - values: The control's values, current one first; it must not fail.
  ///   - valueSink: The observer that sets the control's value.
  public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
  where Element == Values.Element, Element == Sink.Element {
    self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
    self.valueSink = valueSink.asObserver()
  }

  /// Subscribes `observer` to the control's values.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
    values.subscribe(observer)
  }

  /// The values after the current one: what changed after subscription, as a ``ControlEvent``.
  public var changed: ControlEvent<PropertyType> {
    ControlEvent(events: values.skip(1))
  }

  /// The control's values as an `Observable`.
  public func asObservable() -> Observable<Element> {
    values
  }

  /// Returns `self`.
  public func asControlProperty() -> ControlProperty<Element> {
    self
  }

  /// Sends `.next` and `.completed` to the value sink; reports `.error` to `Hooks.diagnostic` as a
  /// `bindingError` and drops it.
  public func on(_ event: Event<Element>) {
    switch event {
    case .error(let error):
      Hooks.diagnostic(.bindingError("\(error)"))
    case .next, .completed:
      valueSink.on(event)
    }
  }
}

extension ControlPropertyType where Element == String? {
  /// The property as a `String` property: `nil` reads as `""`.
  public var orEmpty: ControlProperty<String> {
    let original = asControlProperty()
    return ControlProperty<String>(
      values: original.values.map { $0 ?? "" },
      valueSink: original.valueSink.mapObserver { (text: String) -> String? in text })
  }
}

extension ControlProperty where Element: Sendable {
  /// The control's values as a ``Driver``, delivered on the main thread.
  ///
  /// A failure would break the property's contract: it is reported to `Hooks.diagnostic` as a
  /// `bindingError` and the driver completes (RxSwift traps in debug builds).
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorRecover: { error in
      Hooks.diagnostic(.bindingError("\(error)"))
      return .empty()
    })
  }
}
