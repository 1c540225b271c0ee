#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  extension UICollectionView: HasDataSource {
    /// The data source protocol of a collection view.
    public typealias DataSource = UICollectionViewDataSource
  }

  /// The data source proxy of a collection view: RxCocoa's `RxCollectionViewDataSourceProxy`. It
  /// answers the required methods from its forward data source (no items without one).
  open class RxCollectionViewDataSourceProxy: DelegateProxy<UICollectionView, UICollectionViewDataSource>,
    DelegateProxyType, UICollectionViewDataSource
  {
    /// The collection view this proxy is the data source of.
    public private(set) weak var collectionView: UICollectionView?

    /// The proxy of `collectionView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(collectionView: ParentObject) {
      self.collectionView = collectionView
      super.init(parentObject: collectionView, delegateProxy: RxCollectionViewDataSourceProxy.self)
    }

    /// Registers the proxy of collection views.
    public static func registerKnownImplementations() {
      register { RxCollectionViewDataSourceProxy(collectionView: $0) }
    }

    /// The forward data source's item count, or 0 without one.
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      forwardToDelegate()?.collectionView(collectionView, numberOfItemsInSection: section) ?? 0
    }

    /// The forward data source's cell, or an empty cell without one (UIKit asks for none: there
    /// are no items).
    public func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      forwardToDelegate()?.collectionView(collectionView, cellForItemAt: indexPath) ?? UICollectionViewCell()
    }
  }

  extension UICollectionView: HasPrefetchDataSource {
    /// The prefetching data source protocol of a collection view.
    public typealias PrefetchDataSource = UICollectionViewDataSourcePrefetching
  }

  /// The prefetching data source proxy of a collection view: RxCocoa's
  /// `RxCollectionViewDataSourcePrefetchingProxy`.
  open class RxCollectionViewDataSourcePrefetchingProxy:
    DelegateProxy<UICollectionView, UICollectionViewDataSourcePrefetching>, DelegateProxyType,
    UICollectionViewDataSourcePrefetching
  {
    /// The collection view this proxy is the prefetching data source of.
    public private(set) weak var collectionView: UICollectionView?

    let prefetchItems = DelegateMethod<[IndexPath]>()
    let cancelPrefetching = DelegateMethod<[IndexPath]>()

    /// The proxy of `collectionView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(collectionView: ParentObject) {
      self.collectionView = collectionView
      super.init(parentObject: collectionView, delegateProxy: RxCollectionViewDataSourcePrefetchingProxy.self)
    }

    /// Registers the proxy of collection views.
    public static func registerKnownImplementations() {
      register { RxCollectionViewDataSourcePrefetchingProxy(collectionView: $0) }
    }

    /// Sends to `prefetchItems`, then forwards (as RxCocoa does).
    public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
      prefetchItems.send(indexPaths)
      forwardToDelegate()?.collectionView(collectionView, prefetchItemsAt: indexPaths)
    }

    /// Forwards, then sends to `cancelPrefetchingForItems`.
    public func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      forwardToDelegate()?.collectionView?(collectionView, cancelPrefetchingForItemsAt: indexPaths)
      cancelPrefetching.send(indexPaths)
    }
  }
#endif
