#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension NSTextStorage: HasDelegate {
    /// The delegate protocol of a text storage.
    public typealias Delegate = NSTextStorageDelegate
  }

  /// The delegate proxy of a text storage: RxCocoa's `RxTextStorageDelegateProxy`.
  open class RxTextStorageDelegateProxy: DelegateProxy<NSTextStorage, NSTextStorageDelegate>, DelegateProxyType,
    NSTextStorageDelegate
  {
    /// The text storage this proxy is the delegate of.
    public private(set) weak var textStorage: NSTextStorage?

    nonisolated let didProcessEditing = DelegateMethod<Reactive<NSTextStorage>.ProcessedEdit>()

    /// The proxy of `textStorage`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(textStorage: NSTextStorage) {
      self.textStorage = textStorage
      super.init(parentObject: textStorage, delegateProxy: RxTextStorageDelegateProxy.self)
    }

    /// Registers the proxy of text storages.
    public static func registerKnownImplementations() {
      register { RxTextStorageDelegateProxy(textStorage: $0) }
    }

    /// Forwards, then sends to `didProcessEditingRangeChangeInLength`, on the thread that edited
    /// the storage (the protocol is not main-actor: a text storage may be edited on another thread).
    public nonisolated func textStorage(
      _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
      changeInLength delta: Int
    ) {
      (forwardDelegateObject as? NSTextStorageDelegate)?.textStorage?(
        textStorage, didProcessEditing: editedMask, range: editedRange, changeInLength: delta)
      didProcessEditing.send((editedMask, editedRange, delta))
    }
  }

  extension Reactive where Base: NSTextStorage {
    /// What `didProcessEditingRangeChangeInLength` sends.
    public typealias ProcessedEdit = (editedMask: NSTextStorage.EditActions, editedRange: NSRange, delta: Int)

    /// The text storage's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<NSTextStorage, NSTextStorageDelegate> {
      RxTextStorageDelegateProxy.proxy(for: base)
    }

    /// Each `textStorage(_:didProcessEditing:range:changeInLength:)`.
    @preconcurrency @MainActor
    public var didProcessEditingRangeChangeInLength: Observable<ProcessedEdit> {
      RxTextStorageDelegateProxy.proxy(for: base).didProcessEditing.events
    }
  }
#endif
