import Streams

/// RxCocoa's rules for a control's events and values, whatever the UI framework: the UIKit and
/// AppKit files only say how to listen to a control (a target-action pair, a notification) and
/// how to read and write its value.
///
/// - A ``ControlEvent`` sends an element per event, never fails, and completes when the control is
///   deallocated (at once, if it already was when subscribed).
/// - A ``ControlProperty`` sends the current value on subscription, then the value after each
///   event, never fails, and completes when the control is deallocated; what is sent to it is set
///   on the main thread, through a ``Binder`` that holds the control weakly.
/// - Both subscribe on ``ConcurrentMainScheduler`` (so on the main thread), where `listen`,
///   `getter` and `setter` run; the listener is removed when the subscription is disposed.
package enum ControlSource {
  /// Starts listening to `control`, calling `handler` with it on each event, until the returned
  /// disposable is disposed.
  package typealias Listen<Control> =
    @MainActor (Control, _ handler: @escaping @MainActor (Control) -> Void) -> Disposable

  /// The events of `control`, each as `element(control)`.
  ///
  /// - Parameters:
  ///   - control: The control, held weakly.
  ///   - deallocated: Sends once when `control` is deallocated.
  ///   - listen: Listens to the control's events.
  ///   - element: The element of one event, read on the main thread.
  package static func events<Control: AnyObject, Element>(
    of control: Control, deallocated: Observable<Void>, listen: @escaping Listen<Control>,
    element: @escaping @MainActor (Control) -> Element
  ) -> ControlEvent<Element> {
    let events = source(of: control, "ControlEvent", listen, sendsCurrent: false, element)
    return ControlEvent(events: events.take(until: deallocated))
  }

  /// The value of `control`: `getter(control)` on subscription and after each event, set with
  /// `setter`.
  ///
  /// - Parameters:
  ///   - control: The control, held weakly.
  ///   - deallocated: Sends once when `control` is deallocated.
  ///   - listen: Listens to the events after which the value may have changed.
  ///   - getter: Reads the value, on the main thread.
  ///   - setter: Sets the value, on the main thread.
  package static func property<Control: AnyObject, Value>(
    of control: Control, deallocated: Observable<Void>, listen: @escaping Listen<Control>,
    getter: @escaping @MainActor (Control) -> Value, setter: @escaping @MainActor (Control, Value) -> Void
  ) -> ControlProperty<Value> {
    ControlProperty(
      values: source(of: control, "ControlProperty", listen, sendsCurrent: true, getter).take(until: deallocated),
      valueSink: Binder(control, binding: setter))
  }

  /// `read(control)` after each event (and on subscription if `sendsCurrent`), listening while
  /// subscribed; completes at once if the control is already gone.
  private static func source<Control: AnyObject, Element>(
    of control: Control, _ name: StaticString, _ listen: @escaping Listen<Control>, sendsCurrent: Bool,
    _ read: @escaping @MainActor (Control) -> Element
  ) -> Observable<Element> {
    Observable<Element>.create { [weak control] observer in
      // Unchecked: the control is only used inside `run`, as the main actor, on this thread.
      let control = UncheckedSendable(control)
      return MainActorDelivery.run(name) {
        guard let control = control.value else {
          observer.on(.completed)
          return Disposables.create()
        }
        if sendsCurrent { observer.on(.next(read(control))) }
        return listen(control) { control in observer.on(.next(read(control))) }
      }
    }
  }
}
