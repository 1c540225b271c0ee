#if canImport(UIKit) && os(iOS)
  import Streams
  import UIKit

  extension Reactive where Base: UIPickerView {
    /// The picker view's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<UIPickerView, UIPickerViewDelegate> {
      RxPickerViewDelegateProxy.proxy(for: base)
    }

    /// Makes `delegate` the picker view's forward delegate (held weakly) until the returned
    /// disposable is disposed; refused and reported if another is installed.
    @preconcurrency @MainActor
    public func setDelegate(_ delegate: UIPickerViewDelegate) -> Disposable {
      RxPickerViewDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
    }

    /// The picker view's data source proxy.
    @preconcurrency @MainActor
    public var dataSource: DelegateProxy<UIPickerView, UIPickerViewDataSource> {
      RxPickerViewDataSourceProxy.proxy(for: base)
    }

    /// Each `pickerView(_:didSelectRow:inComponent:)`.
    @preconcurrency @MainActor
    public var itemSelected: ControlEvent<(row: Int, component: Int)> {
      ControlEvent(events: RxPickerViewDelegateProxy.proxy(for: base).didSelectRow.events)
    }

    /// On each selection, the models of the selected rows, one per component, from the bound
    /// adapter (``model(at:)``); a selection without models is skipped and reported.
    @preconcurrency @MainActor
    public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<[T]> {
      ControlEvent(
        events: SectionedModels.models(for: itemSelected.asObservable(), of: base) { view, _ -> [T] in
          try (0..<view.numberOfComponents).map { component in
            try view.rx.model(at: IndexPath(row: view.selectedRow(inComponent: component), section: component))
          }
        })
    }

    /// Binds `source` to the picker's rows, one component, each titled by `titleForRow` (the row
    /// and its element), until the returned disposable is disposed or the picker is deallocated.
    public func itemTitles<Items: Sequence & Sendable, Source: ObservableType>(
      _ source: Source
    ) -> (_ titleForRow: @escaping (Int, Items.Element) -> String?) -> Disposable where Source.Element == Items {
      { titleForRow in
        items(
          adapter: MainActorDelivery.run(with: titleForRow, "items") {
            RxStringPickerViewAdapter<Items>(titleForRow: $0)
          })(source)
      }
    }

    /// Binds `source` to the picker's rows, each titled by `attributedTitleForRow`.
    public func itemAttributedTitles<Items: Sequence & Sendable, Source: ObservableType>(
      _ source: Source
    ) -> (_ attributedTitleForRow: @escaping (Int, Items.Element) -> NSAttributedString?) -> Disposable
    where Source.Element == Items {
      { attributedTitleForRow in
        let adapter = MainActorDelivery.run(with: attributedTitleForRow, "items") {
          RxAttributedStringPickerViewAdapter<Items>(attributedTitleForRow: $0)
        }
        return items(adapter: adapter)(source)
      }
    }

    /// Binds `source` to the picker's rows, each shown as the view of `viewForRow` (the row, its
    /// element and a view to reuse).
    public func items<Items: Sequence & Sendable, Source: ObservableType>(
      _ source: Source
    ) -> (_ viewForRow: @escaping (Int, Items.Element, UIView?) -> UIView) -> Disposable
    where Source.Element == Items {
      { viewForRow in
        items(
          adapter: MainActorDelivery.run(with: viewForRow, "items") {
            RxPickerViewViewAdapter<Items>(viewForRow: $0)
          })(source)
      }
    }

    /// Binds `source` through `adapter` (retained while bound), installed as the picker's forward
    /// data source and delegate, which receives each event on the main thread.
    public func items<
      Source: ObservableType, Adapter: RxPickerViewDataSourceType & UIPickerViewDataSource & UIPickerViewDelegate
    >(
      adapter: Adapter
    ) -> (_ source: Source) -> Disposable where Source.Element == Adapter.Element, Source.Element: Sendable {
      { source in
        MainActorDelivery.run(with: (base, source, adapter), "items") { base, source, adapter in
          let delegate = base.rx.setDelegate(adapter)
          let dataSource = ItemsBinding.bind(
            source, to: base, through: RxPickerViewDataSourceProxy.self, dataSource: adapter
          ) {
            adapter.pickerView($0, observedEvent: $1)
          }
          return Disposables.create(delegate, dataSource)
        }
      }
    }

    /// The model at `indexPath` (the row, and the component as its section), from the adapter an
    /// `items` binding installed.
    ///
    /// - Throws: ``RxCocoaError/itemsNotYetBound(object:)`` without a bound adapter or before its
    ///   first elements, ``RxCocoaError/invalidOperation(object:)`` for an index path out of range,
    ///   ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
    @preconcurrency @MainActor
    public func model<T>(at indexPath: IndexPath) throws -> T {
      try SectionedModels.model(
        at: indexPath, of: RxPickerViewDataSourceProxy.proxy(for: base).forwardToDelegate(), in: base)
    }
  }
#endif
