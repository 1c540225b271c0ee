#if canImport(UIKit) && os(iOS)
  import Streams
  import UIKit

  extension UIPickerView: HasDelegate {
    /// The delegate protocol of a picker view.
    public typealias Delegate = UIPickerViewDelegate
  }

  /// The delegate proxy of a picker view: RxCocoa's `RxPickerViewDelegateProxy`.
  open class RxPickerViewDelegateProxy: DelegateProxy<UIPickerView, UIPickerViewDelegate>, DelegateProxyType,
    UIPickerViewDelegate
  {
    /// The picker view this proxy is the delegate of.
    public private(set) weak var pickerView: UIPickerView?

    let didSelectRow = DelegateMethod<(row: Int, component: Int)>()

    /// The proxy of `pickerView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(pickerView: ParentObject) {
      self.pickerView = pickerView
      super.init(parentObject: pickerView, delegateProxy: RxPickerViewDelegateProxy.self)
    }

    /// Registers the proxy of picker views.
    public static func registerKnownImplementations() {
      register { RxPickerViewDelegateProxy(pickerView: $0) }
    }

    /// Forwards, then sends to `itemSelected`.
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
      forwardToDelegate()?.pickerView?(pickerView, didSelectRow: row, inComponent: component)
      didSelectRow.send((row, component))
    }
  }

  extension UIPickerView: HasDataSource {
    /// The data source protocol of a picker view.
    public typealias DataSource = UIPickerViewDataSource
  }

  /// The data source proxy of a picker view: RxCocoa's `RxPickerViewDataSourceProxy`. It answers
  /// the required methods from its forward data source (no components without one).
  open class RxPickerViewDataSourceProxy: DelegateProxy<UIPickerView, UIPickerViewDataSource>, DelegateProxyType,
    UIPickerViewDataSource
  {
    /// The picker view this proxy is the data source of.
    public private(set) weak var pickerView: UIPickerView?

    /// The proxy of `pickerView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(pickerView: ParentObject) {
      self.pickerView = pickerView
      super.init(parentObject: pickerView, delegateProxy: RxPickerViewDataSourceProxy.self)
    }

    /// Registers the proxy of picker views.
    public static func registerKnownImplementations() {
      register { RxPickerViewDataSourceProxy(pickerView: $0) }
    }

    /// The forward data source's component count, or 0 without one.
    public func numberOfComponents(in pickerView: UIPickerView) -> Int {
      forwardToDelegate()?.numberOfComponents(in: pickerView) ?? 0
    }

    /// The forward data source's row count, or 0 without one.
    public func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
      forwardToDelegate()?.pickerView(pickerView, numberOfRowsInComponent: component) ?? 0
    }
  }
#endif
