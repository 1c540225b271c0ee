#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  extension Reactive where Base: UITableView {
    /// What `itemMoved` sends: the row's index path before and after the move.
    public typealias ItemMovedEvent = (sourceIndex: IndexPath, destinationIndex: IndexPath)
    /// What `willDisplayCell` sends.
    public typealias WillDisplayCellEvent = (cell: UITableViewCell, indexPath: IndexPath)
    /// What `didEndDisplayingCell` sends.
    public typealias DidEndDisplayingCellEvent = (cell: UITableViewCell, indexPath: IndexPath)

    /// Binds `source` to the table's rows, one section, each row's cell from `cellFactory` (the
    /// table, the row and its element), until the returned disposable is disposed or the table is
    /// deallocated. Called on the main thread. Binding a second sequence while one is bound is
    /// refused and reported (``DelegateProxyType/installForwardDelegate(_:retainDelegate:onProxyForObject:)``).
    public func items<Items: Sequence & Sendable, Source: ObservableType>(
      _ source: Source
    ) -> (_ cellFactory: @escaping (UITableView, Int, Items.Element) -> UITableViewCell) -> Disposable
    where Source.Element == Items {
      { cellFactory in
        let dataSource = MainActorDelivery.run(with: cellFactory, "items") {
          RxTableViewReactiveArrayDataSource<Items>(cellFactory: $0)
        }
        return items(dataSource: dataSource)(source)
      }
    }

    /// Binds `source` to the table's rows, one section, each row a dequeued `Cell` (registered
    /// under `cellIdentifier`) configured with the row, its element and the cell.
    public func items<Items: Sequence & Sendable, Cell: UITableViewCell, Source: ObservableType>(
      cellIdentifier: String, cellType: Cell.Type = Cell.self
    ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Items.Element, Cell) -> Void) -> Disposable
    where Source.Element == Items {
      { source in
        { configureCell in
          let dataSource = MainActorDelivery.run(with: configureCell, "items") { configureCell in
            RxTableViewReactiveArrayDataSource<Items> { tableView, row, element in
              let cell = tableView.dequeueReusableCell(
                withIdentifier: cellIdentifier, for: IndexPath(row: row, section: 0))
              CellConfiguration.configure(cell, as: Cell.self, identifier: cellIdentifier) {
                configureCell(row, element, $0)
              }
              return cell
            }
          }
          return items(dataSource: dataSource)(source)
        }
      }
    }

    /// Binds `source` through `dataSource` (retained while bound), which receives each event on
    /// the main thread: what RxDataSources' sectioned data sources use.
    public func items<DataSource: RxTableViewDataSourceType & UITableViewDataSource, Source: ObservableType>(
      dataSource: DataSource
    ) -> (_ source: Source) -> Disposable where DataSource.Element == Source.Element, Source.Element: Sendable {
      { source in
        MainActorDelivery.run(with: (base, source, dataSource), "items") { base, source, dataSource in
          // Makes the delegate proxy the table's delegate first, as RxCocoa does.
          _ = RxScrollViewDelegateProxy.proxy(for: base)
          return ItemsBinding.bind(source, to: base, through: RxTableViewDataSourceProxy.self, dataSource: dataSource) {
            dataSource.tableView($0, observedEvent: $1)
          }
        }
      }
    }

    /// The table's data source proxy.
    @preconcurrency @MainActor
    public var dataSource: DelegateProxy<UITableView, UITableViewDataSource> {
      RxTableViewDataSourceProxy.proxy(for: base)
    }

    /// Makes `dataSource` the table's forward data source (held weakly) until the returned
    /// disposable is disposed; refused and reported if another is installed.
    @preconcurrency @MainActor
    public func setDataSource(_ dataSource: UITableViewDataSource) -> Disposable {
      RxTableViewDataSourceProxy.installForwardDelegate(dataSource, retainDelegate: false, onProxyForObject: base)
    }

    /// Each `tableView(_:didSelectRowAt:)`.
    @preconcurrency @MainActor
    public var itemSelected: ControlEvent<IndexPath> { ControlEvent(events: delegateEvents(\.didSelectRow)) }

    /// Each `tableView(_:didDeselectRowAt:)`.
    @preconcurrency @MainActor
    public var itemDeselected: ControlEvent<IndexPath> { ControlEvent(events: delegateEvents(\.didDeselectRow)) }

    /// Each `tableView(_:didHighlightRowAt:)`.
    @preconcurrency @MainActor
    public var itemHighlighted: ControlEvent<IndexPath> {
      ControlEvent(events: delegateEvents(\.didHighlightRow))
    }

    /// Each `tableView(_:didUnhighlightRowAt:)`.
    @preconcurrency @MainActor
    public var itemUnhighlighted: ControlEvent<IndexPath> {
      ControlEvent(events: delegateEvents(\.didUnhighlightRow))
    }

    /// Each `tableView(_:accessoryButtonTappedForRowWith:)`.
    @preconcurrency @MainActor
    public var itemAccessoryButtonTapped: ControlEvent<IndexPath> {
      ControlEvent(events: delegateEvents(\.accessoryButtonTapped))
    }

    /// Each row the user inserted (`tableView(_:commit:forRowAt:)` with `.insert`).
    @preconcurrency @MainActor
    public var itemInserted: ControlEvent<IndexPath> {
      ControlEvent(events: dataSourceProxy.commit.events.compactMap { $0.0 == .insert ? $0.1 : nil })
    }

    /// Each row the user deleted (`tableView(_:commit:forRowAt:)` with `.delete`). While observed,
    /// the table offers swipe to delete.
    @preconcurrency @MainActor
    public var itemDeleted: ControlEvent<IndexPath> {
      ControlEvent(events: dataSourceProxy.commit.events.compactMap { $0.0 == .delete ? $0.1 : nil })
    }

    /// Each row the user moved (`tableView(_:moveRowAt:to:)`). While observed, the table offers
    /// reordering in editing mode.
    @preconcurrency @MainActor
    public var itemMoved: ControlEvent<ItemMovedEvent> {
      ControlEvent(events: dataSourceProxy.moveRow.events.map { ItemMovedEvent($0.0, $0.1) })
    }

    /// Each `tableView(_:willDisplay:forRowAt:)`.
    @preconcurrency @MainActor
    public var willDisplayCell: ControlEvent<WillDisplayCellEvent> {
      ControlEvent(events: delegateEvents(\.willDisplayCell))
    }

    /// Each `tableView(_:didEndDisplaying:forRowAt:)`.
    @preconcurrency @MainActor
    public var didEndDisplayingCell: ControlEvent<DidEndDisplayingCellEvent> {
      ControlEvent(events: delegateEvents(\.didEndDisplayingCell))
    }

    /// Each `tableView(_:didUpdateFocusIn:with:)`.
    @preconcurrency @MainActor
    public var didUpdateFocusInContextWithAnimationCoordinator:
      ControlEvent<(context: UITableViewFocusUpdateContext, animationCoordinator: UIFocusAnimationCoordinator)>
    {
      ControlEvent(events: delegateEvents(\.didUpdateFocus).map { ($0.0, $0.1) })
    }

    /// The model of each selected row, from the bound data source (``model(at:)``).
    @preconcurrency @MainActor
    public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<T> {
      ControlEvent(events: models(at: itemSelected))
    }

    /// The model of each deselected row.
    @preconcurrency @MainActor
    public func modelDeselected<T>(_ modelType: T.Type) -> ControlEvent<T> {
      ControlEvent(events: models(at: itemDeselected))
    }

    /// The model of each deleted row.
    @preconcurrency @MainActor
    public func modelDeleted<T>(_ modelType: T.Type) -> ControlEvent<T> {
      ControlEvent(events: models(at: itemDeleted))
    }

    /// The model at `indexPath`, from the data source an `items` binding installed.
    ///
    /// - Throws: ``RxCocoaError/itemsNotYetBound(object:)`` without a bound data source or before
    ///   its first elements, ``RxCocoaError/invalidOperation(object:)`` for an index path out of
    ///   range, ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
    @preconcurrency @MainActor
    public func model<T>(at indexPath: IndexPath) throws -> T {
      try SectionedModels.model(at: indexPath, of: dataSourceProxy.forwardToDelegate(), in: base)
    }

    @MainActor
    private func models<T>(at indexPaths: ControlEvent<IndexPath>) -> Observable<T> {
      SectionedModels.models(for: indexPaths.asObservable(), of: base) { view, indexPath in
        try view.rx.model(at: indexPath)
      }
    }

    /// The events of `method` of the view's delegate proxy (none if an app registered a proxy of
    /// another class for it).
    @MainActor
    private func delegateEvents<A>(_ method: KeyPath<RxTableViewDelegateProxy, DelegateMethod<A>>) -> Observable<A> {
      RxScrollViewDelegateProxy.proxy(for: base, as: RxTableViewDelegateProxy.self).map { $0[keyPath: method].events }
        ?? .empty()
    }

    @MainActor
    private var dataSourceProxy: RxTableViewDataSourceProxy { RxTableViewDataSourceProxy.proxy(for: base) }
  }

  extension Reactive where Base: UITableView {
    /// The table's prefetching data source proxy.
    @preconcurrency @MainActor
    public var prefetchDataSource: DelegateProxy<UITableView, UITableViewDataSourcePrefetching> {
      RxTableViewDataSourcePrefetchingProxy.proxy(for: base)
    }

    /// Makes `prefetchDataSource` the table's forward prefetching data source (held weakly) until
    /// the returned disposable is disposed; refused and reported if another is installed.
    @preconcurrency @MainActor
    public func setPrefetchDataSource(_ prefetchDataSource: UITableViewDataSourcePrefetching) -> Disposable {
      RxTableViewDataSourcePrefetchingProxy.installForwardDelegate(
        prefetchDataSource, retainDelegate: false, onProxyForObject: base)
    }

    /// Each `tableView(_:prefetchRowsAt:)`.
    @preconcurrency @MainActor
    public var prefetchRows: ControlEvent<[IndexPath]> {
      ControlEvent(events: RxTableViewDataSourcePrefetchingProxy.proxy(for: base).prefetchRows.events)
    }

    /// Each `tableView(_:cancelPrefetchingForRowsAt:)`.
    @preconcurrency @MainActor
    public var cancelPrefetchingForRows: ControlEvent<[IndexPath]> {
      ControlEvent(events: RxTableViewDataSourcePrefetchingProxy.proxy(for: base).cancelPrefetching.events)
    }
  }
#endif
