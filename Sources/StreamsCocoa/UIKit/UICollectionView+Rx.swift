#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  extension Reactive where Base: UICollectionView {
    /// What `willDisplayCell` and `didEndDisplayingCell` send.
    public typealias DisplayCollectionViewCellEvent = (cell: UICollectionViewCell, at: IndexPath)
    /// What `willDisplaySupplementaryView` and `didEndDisplayingSupplementaryView` send.
    public typealias DisplayCollectionViewSupplementaryViewEvent = (
      supplementaryView: UICollectionReusableView, elementKind: String, at: IndexPath
    )

    /// Binds `source` to the collection view's items, one section, each item's cell from
    /// `cellFactory` (the collection view, the item and its element), until the returned
    /// disposable is disposed or the collection view is deallocated. Called on the main thread.
    /// Binding a second sequence while one is bound is refused and reported.
    public func items<Items: Sequence & Sendable, Source: ObservableType>(
      _ source: Source
    ) -> (_ cellFactory: @escaping (UICollectionView, Int, Items.Element) -> UICollectionViewCell)
      -> Disposable
    where Source.Element == Items {
      { cellFactory in
        let dataSource = MainActorDelivery.run(with: cellFactory, "items") {
          RxCollectionViewReactiveArrayDataSource<Items>(cellFactory: $0)
        }
        return items(dataSource: dataSource)(source)
      }
    }

    /// Binds `source` to the collection view's items, one section, each item a dequeued `Cell`
    /// (registered under `cellIdentifier`) configured with the item, its element and the cell.
    public func items<Items: Sequence & Sendable, Cell: UICollectionViewCell, Source: ObservableType>(
      cellIdentifier: String, cellType: Cell.Type = Cell.self
    ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Items.Element, Cell) -> Void) -> Disposable
    where Source.Element == Items {
      { source in
        { configureCell in
          let dataSource = MainActorDelivery.run(with: configureCell, "items") { configureCell in
            RxCollectionViewReactiveArrayDataSource<Items> { collectionView, item, element in
              let cell = collectionView.dequeueReusableCell(
                withReuseIdentifier: cellIdentifier, for: IndexPath(item: item, section: 0))
              CellConfiguration.configure(cell, as: Cell.self, identifier: cellIdentifier) {
                configureCell(item, element, $0)
              }
              return cell
            }
          }
          return items(dataSource: dataSource)(source)
        }
      }
    }

    /// Binds `source` through `dataSource` (retained while bound), which receives each event on
    /// the main thread.
    public func items<
      DataSource: RxCollectionViewDataSourceType & UICollectionViewDataSource, Source: ObservableType
    >(
      dataSource: DataSource
    ) -> (_ source: Source) -> Disposable where DataSource.Element == Source.Element, Source.Element: Sendable {
      { source in
        MainActorDelivery.run(with: (base, source, dataSource), "items") { base, source, dataSource in
          // Makes the delegate proxy the collection view's delegate first, as RxCocoa does.
          _ = RxScrollViewDelegateProxy.proxy(for: base)
          return ItemsBinding.bind(
            source, to: base, through: RxCollectionViewDataSourceProxy.self, dataSource: dataSource
          ) {
            dataSource.collectionView($0, observedEvent: $1)
          }
        }
      }
    }

    /// The collection view's data source proxy.
    @preconcurrency @MainActor
    public var dataSource: DelegateProxy<UICollectionView, UICollectionViewDataSource> {
      RxCollectionViewDataSourceProxy.proxy(for: base)
    }

    /// Makes `dataSource` the collection view's forward data source (held weakly) until the
    /// returned disposable is disposed; refused and reported if another is installed.
    @preconcurrency @MainActor
    public func setDataSource(_ dataSource: UICollectionViewDataSource) -> Disposable {
      RxCollectionViewDataSourceProxy.installForwardDelegate(dataSource, retainDelegate: false, onProxyForObject: base)
    }

    /// Each `collectionView(_:didSelectItemAt:)`.
    @preconcurrency @MainActor
    public var itemSelected: ControlEvent<IndexPath> { ControlEvent(events: delegateEvents(\.didSelectItem)) }

    /// Each `collectionView(_:didDeselectItemAt:)`.
    @preconcurrency @MainActor
    public var itemDeselected: ControlEvent<IndexPath> {
      ControlEvent(events: delegateEvents(\.didDeselectItem))
    }

    /// Each `collectionView(_:didHighlightItemAt:)`.
    @preconcurrency @MainActor
    public var itemHighlighted: ControlEvent<IndexPath> {
      ControlEvent(events: delegateEvents(\.didHighlightItem))
    }

    /// Each `collectionView(_:didUnhighlightItemAt:)`.
    @preconcurrency @MainActor
    public var itemUnhighlighted: ControlEvent<IndexPath> {
      ControlEvent(events: delegateEvents(\.didUnhighlightItem))
    }

    /// Each `collectionView(_:willDisplay:forItemAt:)`.
    @preconcurrency @MainActor
    public var willDisplayCell: ControlEvent<DisplayCollectionViewCellEvent> {
      ControlEvent(events: delegateEvents(\.willDisplayCell))
    }

    /// Each `collectionView(_:willDisplaySupplementaryView:forElementKind:at:)`.
    @preconcurrency @MainActor
    public var willDisplaySupplementaryView: ControlEvent<DisplayCollectionViewSupplementaryViewEvent> {
      ControlEvent(events: delegateEvents(\.willDisplaySupplementaryView))
    }

    /// Each `collectionView(_:didEndDisplaying:forItemAt:)`.
    @preconcurrency @MainActor
    public var didEndDisplayingCell: ControlEvent<DisplayCollectionViewCellEvent> {
      ControlEvent(events: delegateEvents(\.didEndDisplayingCell))
    }

    /// Each `collectionView(_:didEndDisplayingSupplementaryView:forElementOfKind:at:)`.
    @preconcurrency @MainActor
    public var didEndDisplayingSupplementaryView: ControlEvent<DisplayCollectionViewSupplementaryViewEvent> {
      ControlEvent(events: delegateEvents(\.didEndDisplayingSupplementaryView))
    }

    /// Each `collectionView(_:didUpdateFocusIn:with:)`.
    @preconcurrency @MainActor
    public var didUpdateFocusInContextWithAnimationCoordinator:
      ControlEvent<(context: UICollectionViewFocusUpdateContext, animationCoordinator: UIFocusAnimationCoordinator)>
    {
      ControlEvent(events: delegateEvents(\.didUpdateFocus).map { ($0.0, $0.1) })
    }

    /// The model of each selected item, from the bound data source (``model(at:)``).
    @preconcurrency @MainActor
    public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<T> {
      ControlEvent(events: models(at: itemSelected))
    }

    /// The model of each deselected item.
    @preconcurrency @MainActor
    public func modelDeselected<T>(_ modelType: T.Type) -> ControlEvent<T> {
      ControlEvent(events: models(at: itemDeselected))
    }

    /// The model at `indexPath`, from the data source an `items` binding installed.
    ///
    /// - Throws: ``RxCocoaError/itemsNotYetBound(object:)`` without a bound data source or before
    ///   its first elements, ``RxCocoaError/invalidOperation(object:)`` for an index path out of
    ///   range, ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
    @preconcurrency @MainActor
    public func model<T>(at indexPath: IndexPath) throws -> T {
      try SectionedModels.model(
        at: indexPath, of: RxCollectionViewDataSourceProxy.proxy(for: base).forwardToDelegate(), in: base)
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
    private func delegateEvents<A>(_ method: KeyPath<RxCollectionViewDelegateProxy, DelegateMethod<A>>) -> Observable<A>
    {
      RxScrollViewDelegateProxy.proxy(for: base, as: RxCollectionViewDelegateProxy.self).map {
        $0[keyPath: method].events
      } ?? .empty()
    }
  }

  extension Reactive where Base: UICollectionView {
    /// The collection view's prefetching data source proxy.
    @preconcurrency @MainActor
    public var prefetchDataSource: DelegateProxy<UICollectionView, UICollectionViewDataSourcePrefetching> {
      RxCollectionViewDataSourcePrefetchingProxy.proxy(for: base)
    }

    /// Makes `prefetchDataSource` the collection view's forward prefetching data source (held
    /// weakly) until the returned disposable is disposed; refused and reported if another is
    /// installed.
    @preconcurrency @MainActor
    public func setPrefetchDataSource(_ prefetchDataSource: UICollectionViewDataSourcePrefetching) -> Disposable {
      RxCollectionViewDataSourcePrefetchingProxy.installForwardDelegate(
        prefetchDataSource, retainDelegate: false, onProxyForObject: base)
    }

    /// Each `collectionView(_:prefetchItemsAt:)`.
    @preconcurrency @MainActor
    public var prefetchItems: ControlEvent<[IndexPath]> {
      ControlEvent(events: RxCollectionViewDataSourcePrefetchingProxy.proxy(for: base).prefetchItems.events)
    }

    /// Each `collectionView(_:cancelPrefetchingForItemsAt:)`.
    @preconcurrency @MainActor
    public var cancelPrefetchingForItems: ControlEvent<[IndexPath]> {
      ControlEvent(events: RxCollectionViewDataSourcePrefetchingProxy.proxy(for: base).cancelPrefetching.events)
    }
  }
#endif
