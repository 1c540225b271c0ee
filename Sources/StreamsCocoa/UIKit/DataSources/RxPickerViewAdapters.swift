#if canImport(UIKit) && os(iOS)
  import Streams
  import UIKit

  /// A picker view adapter that `rx.items(adapter:)` binds: it receives each event of the bound
  /// sequence, on the main thread, and updates the picker (RxCocoa's `RxPickerViewDataSourceType`).
  @preconcurrency @MainActor
  public protocol RxPickerViewDataSourceType {
    /// The type of the bound sequence's elements.
    associatedtype Element

    /// Handles `observedEvent` of the bound sequence: a new element to show.
    func pickerView(_ pickerView: UIPickerView, observedEvent: Event<Element>)
  }

  /// The adapters of `rx.itemTitles`, `rx.itemAttributedTitles` and `rx.items`: one component of
  /// the last bound sequence's elements. Each subclass implements one of the delegate's row
  /// methods, since UIKit picks the row's content by which one the delegate has.
  class RxPickerViewArrayAdapter<Items: Sequence>: NSObject, UIPickerViewDataSource, UIPickerViewDelegate,
    RxPickerViewDataSourceType, SectionedViewDataSourceType
  {
    typealias Element = Items

    let models = ReactiveArrayModels<Items.Element>()

    func pickerView(_ pickerView: UIPickerView, observedEvent: Event<Items>) {
      guard case .next(let items) = observedEvent else { return }
      models.bind(Array(items))
      pickerView.reloadAllComponents()
    }

    func model(at indexPath: IndexPath) throws -> Any {
      try models.model(at: indexPath, owner: self)
    }

    func numberOfComponents(in pickerView: UIPickerView) -> Int {
      1
    }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
      models.count
    }

    /// The element of `row`, if there is one.
    func element(_ row: Int) -> Items.Element? {
      try? models.model(at: IndexPath(row: row, section: 0), owner: self)
    }
  }

  /// Rows titled by `titleForRow`.
  final class RxStringPickerViewAdapter<Items: Sequence>: RxPickerViewArrayAdapter<Items> {
    private let titleForRow: (Int, Items.Element) -> String?

    init(titleForRow: @escaping (Int, Items.Element) -> String?) {
      self.titleForRow = titleForRow
    }

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
      element(row).flatMap { titleForRow(row, $0) }
    }
  }

  /// Rows titled by `attributedTitleForRow`.
  final class RxAttributedStringPickerViewAdapter<Items: Sequence>: RxPickerViewArrayAdapter<Items> {
    private let attributedTitleForRow: (Int, Items.Element) -> NSAttributedString?

    init(attributedTitleForRow: @escaping (Int, Items.Element) -> NSAttributedString?) {
      self.attributedTitleForRow = attributedTitleForRow
    }

    func pickerView(
      _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
    ) -> NSAttributedString? {
      element(row).flatMap { attributedTitleForRow(row, $0) }
    }
  }

  /// Rows shown as the views of `viewForRow` (which may reuse the view it is given).
  final class RxPickerViewViewAdapter<Items: Sequence>: RxPickerViewArrayAdapter<Items> {
    private let viewForRow: (Int, Items.Element, UIView?) -> UIView

    init(viewForRow: @escaping (Int, Items.Element, UIView?) -> UIView) {
      self.viewForRow = viewForRow
    }

    func pickerView(
      _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
    ) -> UIView {
      element(row).map { viewForRow(row, $0, view) } ?? (view ?? UIView())
    }
  }
#endif
