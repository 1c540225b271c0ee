#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UITextField {
    /// The field's text: current on subscription, then after each edit; set only when it differs
    /// (setting the same text would reset marked text and break IME input, as RxCocoa notes).
    @preconcurrency @MainActor
    public var text: ControlProperty<String?> {
      value
    }

    /// The field's text (``text``).
    @preconcurrency @MainActor
    public var value: ControlProperty<String?> {
      valueProperty(getter: { $0.text }, setter: { field, text in if field.text != text { field.text = text } })
    }

    /// The field's attributed text, set only when it differs.
    @preconcurrency @MainActor
    public var attributedText: ControlProperty<NSAttributedString?> {
      valueProperty(
        getter: { $0.attributedText },
        setter: { field, text in if field.attributedText != text { field.attributedText = text } })
    }
  }

  extension Reactive where Base: UITextView {
    /// The view's text: current on subscription, then after each change of its text storage
    /// (typed or set), read on the next turn of the main queue, once the storage finished editing.
    @preconcurrency @MainActor
    public var text: ControlProperty<String?> {
      value
    }

    /// The view's text (``text``).
    @preconcurrency @MainActor
    public var value: ControlProperty<String?> {
      textProperty(getter: { $0.text }, setter: { view, text in if view.text != text { view.text = text } })
    }

    /// The view's attributed text, like ``text``.
    @preconcurrency @MainActor
    public var attributedText: ControlProperty<NSAttributedString?> {
      textProperty(
        getter: { $0.attributedText },
        setter: { view, text in if view.attributedText != text { view.attributedText = text } })
    }

    /// Each `textViewDidBeginEditing(_:)` (its delegate proxy's; the delegate it had keeps
    /// receiving the call).
    @preconcurrency @MainActor
    public var didBeginEditing: ControlEvent<Void> { ControlEvent(events: delegateEvents(\.didBeginEditing)) }

    /// Each `textViewDidEndEditing(_:)`.
    @preconcurrency @MainActor
    public var didEndEditing: ControlEvent<Void> { ControlEvent(events: delegateEvents(\.didEndEditing)) }

    /// Each `textViewDidChange(_:)`: the user changed the text.
    @preconcurrency @MainActor
    public var didChange: ControlEvent<Void> { ControlEvent(events: delegateEvents(\.didChange)) }

    /// Each `textViewDidChangeSelection(_:)`.
    @preconcurrency @MainActor
    public var didChangeSelection: ControlEvent<Void> {
      ControlEvent(events: delegateEvents(\.didChangeSelection))
    }

    /// The events of `method` of the view's delegate proxy (none if an app registered a proxy of
    /// another class for it).
    @MainActor
    private func delegateEvents<A>(_ method: KeyPath<RxTextViewDelegateProxy, DelegateMethod<A>>) -> Observable<A> {
      RxScrollViewDelegateProxy.proxy(for: base, as: RxTextViewDelegateProxy.self).map { $0[keyPath: method].events }
        ?? .empty()
    }

    @MainActor
    private func textProperty<T>(
      getter: @escaping @MainActor (Base) -> T, setter: @escaping @MainActor (Base, T) -> Void
    ) -> ControlProperty<T> {
      let storageEdited: ControlSource.Listen<Base> = ControlSource.listening(
        to: NSTextStorage.didProcessEditingNotification, object: { $0.textStorage })
      // The storage posts while it is still processing the edit: read on the next turn.
      let listen: ControlSource.Listen<Base> = { view, handler in
        storageEdited(view) { view in
          // Unchecked: sent to the main queue, run as the main actor.
          let later = UncheckedSendable({ [weak view] in if let view { handler(view) } } as @MainActor () -> Void)
          DispatchQueue.main.async { MainActorDelivery.run("ControlProperty") { later.value() } }
        }
      }
      return ControlSource.property(of: base, deallocated: deallocated, listen: listen, getter: getter, setter: setter)
    }
  }
#endif
