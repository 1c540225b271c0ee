#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Streams

  extension Reactive where Base: NSControl {
    /// The control's action messages, an element each: never fails, completes when the control is
    /// deallocated (``ControlSource``'s rules).
    ///
    /// A control has one target-action pair: while anything listens, the control's target and
    /// action are one shared listener's, and the ones it had are put back when the last
    /// subscription ends (RxCocoa shares it the same way).
    @preconcurrency @MainActor
    public var controlEvent: ControlEvent<Void> {
      ControlSource.events(of: base, deallocated: deallocated, listen: Self.actions) { _ in () }
    }

    /// A property of the control: `getter`'s value on subscription and after each action message,
    /// set with `setter`, both on the main thread.
    @preconcurrency @MainActor
    public func controlProperty<T>(
      getter: @escaping @MainActor (Base) -> T, setter: @escaping @MainActor (Base, T) -> Void
    ) -> ControlProperty<T> {
      ControlSource.property(of: base, deallocated: deallocated, listen: Self.actions, getter: getter, setter: setter)
    }

    /// Sets `isEnabled`.
    @preconcurrency @MainActor
    public var isEnabled: Binder<Bool> {
      Binder(base) { control, enabled in control.isEnabled = enabled }
    }

    /// Listens to the control's shared action messages.
    @MainActor
    static var actions: ControlSource.Listen<Base> {
      { control, handler in
        SharedActions.of(control).subscribe(onNext: { [weak control] in if let control { handler(control) } })
      }
    }
  }

  extension NSControl: SingleTargetAction {}

  /// The action messages of one control, shared by every listener, kept by the control.
  @MainActor
  private enum SharedActions {
    static func of(_ control: NSControl) -> Observable<Void> {
      associatedObject(on: control, for: SharedActions.self) {
        let borrow: ControlSource.Listen<NSControl> = { control, handler in
          control.borrowTargetAction(for: ActionTarget { [weak control] in if let control { handler(control) } })
        }
        return ControlSource.events(of: control, deallocated: control.rx.deallocated, listen: borrow) { _ in () }
          .asObservable().share()
      }
    }
  }

  extension Reactive where Base: NSButton {
    /// Clicks on the button (its action messages).
    @preconcurrency @MainActor
    public var tap: ControlEvent<Void> {
      controlEvent
    }

    /// The button's state (on, off, mixed).
    @preconcurrency @MainActor
    public var state: ControlProperty<NSControl.StateValue> {
      controlProperty(getter: { $0.state }, setter: { $0.state = $1 })
    }
  }

  extension Reactive where Base: NSSlider {
    /// The slider's value.
    @preconcurrency @MainActor
    public var value: ControlProperty<Double> {
      controlProperty(getter: { $0.doubleValue }, setter: { $0.doubleValue = $1 })
    }
  }

  extension Reactive where Base: NSTextField {
    /// The text field's delegate proxy (made its delegate; the delegate it had keeps receiving
    /// its calls).
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<NSTextField, NSTextFieldDelegate> {
      RxTextFieldDelegateProxy.proxy(for: base)
    }

    /// The field's text: current on subscription, then after each edit (its delegate proxy's
    /// `controlTextDidChange(_:)`, as in RxCocoa).
    @preconcurrency @MainActor
    public var text: ControlProperty<String?> {
      ControlSource.property(
        of: base, deallocated: deallocated,
        listen: ControlSource.listening(to: [\.textDidChange]) { RxTextFieldDelegateProxy.proxy(for: $0) },
        getter: { $0.stringValue },
        setter: { field, text in if field.stringValue != (text ?? "") { field.stringValue = text ?? "" } })
    }
  }

  extension Reactive where Base: NSTextView {
    /// The text view's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<NSTextView, NSTextViewDelegate> {
      RxTextViewDelegateProxy.proxy(for: base)
    }

    /// The view's text: current on subscription, then after each change (its delegate proxy's
    /// `textDidChange(_:)`, as in RxCocoa).
    @preconcurrency @MainActor
    public var string: ControlProperty<String> {
      ControlSource.property(
        of: base, deallocated: deallocated,
        listen: ControlSource.listening(to: [\.textDidChange]) { RxTextViewDelegateProxy.proxy(for: $0) },
        getter: { $0.string }, setter: { view, text in if view.string != text { view.string = text } })
    }
  }

  extension Reactive where Base: NSView {
    /// Sets `isHidden`.
    @preconcurrency @MainActor
    public var isHidden: Binder<Bool> {
      Binder(base) { view, hidden in view.isHidden = hidden }
    }

    /// Sets `alphaValue`.
    @preconcurrency @MainActor
    public var alpha: Binder<CGFloat> {
      Binder(base) { view, alpha in view.alphaValue = alpha }
    }
  }
#endif
