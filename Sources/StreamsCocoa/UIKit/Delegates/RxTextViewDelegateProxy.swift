#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  /// The delegate proxy of a text view: RxCocoa's `RxTextViewDelegateProxy`. It is the scroll view
  /// proxy of a text view.
  open class RxTextViewDelegateProxy: RxScrollViewDelegateProxy, UITextViewDelegate {
    /// The text view this proxy is the delegate of.
    public private(set) weak var textView: UITextView?

    let didBeginEditing = DelegateMethod<Void>()
    let didEndEditing = DelegateMethod<Void>()
    let didChange = DelegateMethod<Void>()
    let didChangeSelection = DelegateMethod<Void>()

    /// The proxy of `textView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(textView: UITextView) {
      self.textView = textView
      super.init(scrollView: textView)
    }

    private var forward: UITextViewDelegate? { forwardToDelegate() as? UITextViewDelegate }

    /// Forwards, then sends to `didBeginEditing`.
    public func textViewDidBeginEditing(_ textView: UITextView) {
      forward?.textViewDidBeginEditing?(textView)
      didBeginEditing.send(())
    }

    /// Forwards, then sends to `didEndEditing`.
    public func textViewDidEndEditing(_ textView: UITextView) {
      forward?.textViewDidEndEditing?(textView)
      didEndEditing.send(())
    }

    /// Forwards, then sends to `didChange`.
    public func textViewDidChange(_ textView: UITextView) {
      forward?.textViewDidChange?(textView)
      didChange.send(())
    }

    /// Forwards, then sends to `didChangeSelection`.
    public func textViewDidChangeSelection(_ textView: UITextView) {
      forward?.textViewDidChangeSelection?(textView)
      didChangeSelection.send(())
    }
  }
#endif
