#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UIControl {
    /// The control's `controlEvents`, an element each: never fails, completes when the control is
    /// deallocated (``ControlSource``'s rules).
    @preconcurrency @MainActor
    public func controlEvent(_ controlEvents: UIControl.Event) -> ControlEvent<Void> {
      ControlSource.events(of: base, deallocated: deallocated, listen: Self.listening(to: controlEvents)) { _ in () }
    }

    /// A property of the control: `getter`'s value on subscription and after each of
    /// `editingEvents`, set with `setter`, both on the main thread (``ControlSource``'s rules).
    @preconcurrency @MainActor
    public func controlProperty<T>(
      editingEvents: UIControl.Event, getter: @escaping @MainActor (Base) -> T,
      setter: @escaping @MainActor (Base, T) -> Void
    ) -> ControlProperty<T> {
      ControlSource.property(
        of: base, deallocated: deallocated, listen: Self.listening(to: editingEvents), getter: getter, setter: setter)
    }

    /// A property that changes with editing and value changes, as RxCocoa's controls' properties do.
    @MainActor
    func valueProperty<T>(
      getter: @escaping @MainActor (Base) -> T, setter: @escaping @MainActor (Base, T) -> Void
    ) -> ControlProperty<T> {
      controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: getter, setter: setter)
    }

    /// Sets `isEnabled`.
    @preconcurrency @MainActor
    public var isEnabled: Binder<Bool> {
      Binder(base) { control, value in control.isEnabled = value }
    }

    /// Sets `isSelected`.
    @preconcurrency @MainActor
    public var isSelected: Binder<Bool> {
      Binder(base) { control, value in control.isSelected = value }
    }

    /// Adds a target for `events` while listening; removes it when the subscription is disposed.
    @MainActor
    private static func listening(to events: UIControl.Event) -> ControlSource.Listen<Base> {
      { control, handler in
        let target = ActionTarget { [weak control] in if let control { handler(control) } }
        control.addTarget(target, action: ActionTarget.action, for: events)
        return Disposables.create { [weak control] in
          control?.removeTarget(target, action: ActionTarget.action, for: events)
        }
      }
    }
  }
#endif
