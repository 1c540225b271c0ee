#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  /// How `rx.items` of a table, collection and picker view binds its data source.
  enum ItemsBinding {
    /// `rx.items(dataSource:)` of a table, collection or picker view: `source` bound to `view`
    /// through `dataSource`, behind the view's `Proxy` (RxCocoa's rules: `subscribeProxyDataSource`),
    /// each event handed to `deliver` with the view, on the main thread. The view's pending layout
    /// is flushed before and after, if it is in a window.
    @MainActor
    static func bind<Source: ObservableType, Proxy: DelegateProxyType>(
      _ source: Source, to view: Proxy.ParentObject, through _: Proxy.Type, dataSource: Proxy.Delegate,
      deliver: @escaping @MainActor (Proxy.ParentObject, Event<Source.Element>) -> Void
    ) -> Disposable where Source.Element: Sendable, Proxy.ParentObject: UIView {
      source.subscribeProxyDataSource(
        Proxy.self, of: view, dataSource: dataSource, retainDataSource: true, deallocated: view.rx.deallocated,
        layout: { if $0.window != nil { $0.layoutIfNeeded() } }
      ) { [weak view] _, event in
        if let view { deliver(view, event) }
      }
    }
  }
#endif
