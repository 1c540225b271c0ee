#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  extension UITableView: HasDataSource {
    /// The data source protocol of a table view.
    public typealias DataSource = UITableViewDataSource
  }

  /// The data source proxy of a table view: RxCocoa's `RxTableViewDataSourceProxy`.
  ///
  /// It answers the required methods from its forward data source (no rows without one), and
  /// answers `tableView(_:commit:forRowAt:)` and `tableView(_:moveRowAt:to:)`, whose presence lets
  /// the user delete and move rows, only while `rx.itemDeleted`, `rx.itemInserted` or
  /// `rx.itemMoved` is observed, or when the forward data source implements them.
  open class RxTableViewDataSourceProxy: DelegateProxy<UITableView, UITableViewDataSource>, DelegateProxyType,
    UITableViewDataSource
  {
    /// The table view this proxy is the data source of.
    public private(set) weak var tableView: UITableView?

    private(set) var commit: DelegateMethod<(UITableViewCell.EditingStyle, IndexPath)>!
    private(set) var moveRow: DelegateMethod<(IndexPath, IndexPath)>!

    /// The proxy of `tableView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(tableView: UITableView) {
      self.tableView = tableView
      super.init(parentObject: tableView, delegateProxy: RxTableViewDataSourceProxy.self)
      commit = DelegateMethod(answeringOnlyWhileObserved: "tableView:commitEditingStyle:forRowAtIndexPath:", of: self)
      moveRow = DelegateMethod(answeringOnlyWhileObserved: "tableView:moveRowAtIndexPath:toIndexPath:", of: self)
    }

    /// Registers the proxy of table views.
    public static func registerKnownImplementations() {
      register { RxTableViewDataSourceProxy(tableView: $0) }
    }

    /// The forward data source's row count, or 0 without one.
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      forwardToDelegate()?.tableView(tableView, numberOfRowsInSection: section) ?? 0
    }

    /// The forward data source's cell, or an empty cell without one (UIKit asks for none: there
    /// are no rows).
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      forwardToDelegate()?.tableView(tableView, cellForRowAt: indexPath) ?? UITableViewCell()
    }

    /// Forwards, then sends to `itemDeleted` or `itemInserted`.
    public func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
      forwardToDelegate()?.tableView?(tableView, commit: editingStyle, forRowAt: indexPath)
      commit.send((editingStyle, indexPath))
    }

    /// Forwards, then sends to `itemMoved`.
    public func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
      forwardToDelegate()?.tableView?(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
      moveRow.send((sourceIndexPath, destinationIndexPath))
    }
  }

  extension UITableView: HasPrefetchDataSource {
    /// The prefetching data source protocol of a table view.
    public typealias PrefetchDataSource = UITableViewDataSourcePrefetching
  }

  /// The prefetching data source proxy of a table view: RxCocoa's
  /// `RxTableViewDataSourcePrefetchingProxy`.
  open class RxTableViewDataSourcePrefetchingProxy: DelegateProxy<UITableView, UITableViewDataSourcePrefetching>,
    DelegateProxyType, UITableViewDataSourcePrefetching
  {
    /// The table view this proxy is the prefetching data source of.
    public private(set) weak var tableView: UITableView?

    let prefetchRows = DelegateMethod<[IndexPath]>()
    let cancelPrefetching = DelegateMethod<[IndexPath]>()

    /// The proxy of `tableView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(tableView: ParentObject) {
      self.tableView = tableView
      super.init(parentObject: tableView, delegateProxy: RxTableViewDataSourcePrefetchingProxy.self)
    }

    /// Registers the proxy of table views.
    public static func registerKnownImplementations() {
      register { RxTableViewDataSourcePrefetchingProxy(tableView: $0) }
    }

    /// Sends to `prefetchRows`, then forwards (as RxCocoa does).
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      prefetchRows.send(indexPaths)
      forwardToDelegate()?.tableView(tableView, prefetchRowsAt: indexPaths)
    }

    /// Forwards, then sends to `cancelPrefetchingForRows`.
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
      forwardToDelegate()?.tableView?(tableView, cancelPrefetchingForRowsAt: indexPaths)
      cancelPrefetching.send(indexPaths)
    }
  }
#endif
