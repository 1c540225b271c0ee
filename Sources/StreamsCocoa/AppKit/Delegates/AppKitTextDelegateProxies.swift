#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Streams

  /// The delegate proxy of a text field: RxCocoa's `RxTextFieldDelegateProxy`.
  open class RxTextFieldDelegateProxy: DelegateProxy<NSTextField, NSTextFieldDelegate>, DelegateProxyType,
    NSTextFieldDelegate
  {
    /// The text field this proxy is the delegate of.
    public private(set) weak var textField: NSTextField?

    let textDidChange = DelegateMethod<Void>()

    /// The proxy of `textField`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(textField: NSTextField) {
      self.textField = textField
      super.init(parentObject: textField, delegateProxy: RxTextFieldDelegateProxy.self)
    }

    /// Registers the proxy of text fields.
    public static func registerKnownImplementations() {
      register { RxTextFieldDelegateProxy(textField: $0) }
    }

    /// The text field's `delegate`.
    public static func currentDelegate(for object: ParentObject) -> NSTextFieldDelegate? {
      object.delegate
    }

    /// Sets the text field's `delegate`.
    public static func setCurrentDelegate(_ delegate: NSTextFieldDelegate?, to object: ParentObject) {
      object.delegate = delegate
    }

    /// Sends to `text` (before forwarding, as RxCocoa does), then forwards.
    public func controlTextDidChange(_ notification: Notification) {
      textDidChange.send(())
      forwardToDelegate()?.controlTextDidChange?(notification)
    }
  }

  /// The delegate proxy of a text view: RxCocoa's (AppKit) `RxTextViewDelegateProxy`.
  open class RxTextViewDelegateProxy: DelegateProxy<NSTextView, NSTextViewDelegate>, DelegateProxyType,
    NSTextViewDelegate
  {
    /// The text view this proxy is the delegate of.
    public private(set) weak var textView: NSTextView?

    let textDidChange = DelegateMethod<Void>()

    /// The proxy of `textView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(textView: NSTextView) {
      self.textView = textView
      super.init(parentObject: textView, delegateProxy: RxTextViewDelegateProxy.self)
    }

    /// Registers the proxy of text views.
    public static func registerKnownImplementations() {
      register { RxTextViewDelegateProxy(textView: $0) }
    }

    /// The text view's `delegate`.
    public static func currentDelegate(for object: ParentObject) -> NSTextViewDelegate? {
      object.delegate
    }

    /// Sets the text view's `delegate`.
    public static func setCurrentDelegate(_ delegate: NSTextViewDelegate?, to object: ParentObject) {
      object.delegate = delegate
    }

    /// Sends to `string` (before forwarding, as RxCocoa does), then forwards.
    public func textDidChange(_ notification: Notification) {
      textDidChange.send(())
      forwardToDelegate()?.textDidChange?(notification)
    }
  }
#endif
