#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  /// The delegate proxy of a collection view: RxCocoa's `RxCollectionViewDelegateProxy`. It is the
  /// scroll view proxy of a collection view, so `rx.contentOffset` and `rx.itemSelected` share it.
  open class RxCollectionViewDelegateProxy: RxScrollViewDelegateProxy, UICollectionViewDelegate {
    /// The collection view this proxy is the delegate of.
    public private(set) weak var collectionView: UICollectionView?

    typealias CellEvent = Reactive<UICollectionView>.DisplayCollectionViewCellEvent
    typealias SupplementaryViewEvent = Reactive<UICollectionView>.DisplayCollectionViewSupplementaryViewEvent

    let didSelectItem = DelegateMethod<IndexPath>()
    let didDeselectItem = DelegateMethod<IndexPath>()
    let didHighlightItem = DelegateMethod<IndexPath>()
    let didUnhighlightItem = DelegateMethod<IndexPath>()
    let willDisplayCell = DelegateMethod<CellEvent>()
    let willDisplaySupplementaryView = DelegateMethod<SupplementaryViewEvent>()
    let didEndDisplayingCell = DelegateMethod<CellEvent>()
    let didEndDisplayingSupplementaryView = DelegateMethod<SupplementaryViewEvent>()
    let didUpdateFocus = DelegateMethod<(UICollectionViewFocusUpdateContext, UIFocusAnimationCoordinator)>()

    /// The proxy of `collectionView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(collectionView: UICollectionView) {
      self.collectionView = collectionView
      super.init(scrollView: collectionView)
    }

    private var forward: UICollectionViewDelegate? { forwardToDelegate() as? UICollectionViewDelegate }

    /// Forwards, then sends to `itemSelected`.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      forward?.collectionView?(collectionView, didSelectItemAt: indexPath)
      didSelectItem.send(indexPath)
    }

    /// Forwards, then sends to `itemDeselected`.
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
      forward?.collectionView?(collectionView, didDeselectItemAt: indexPath)
      didDeselectItem.send(indexPath)
    }

    /// Forwards, then sends to `itemHighlighted`.
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
      forward?.collectionView?(collectionView, didHighlightItemAt: indexPath)
      didHighlightItem.send(indexPath)
    }

    /// Forwards, then sends to `itemUnhighlighted`.
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
      forward?.collectionView?(collectionView, didUnhighlightItemAt: indexPath)
      didUnhighlightItem.send(indexPath)
    }

    /// Forwards, then sends to `willDisplayCell`.
    public func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      forward?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
      willDisplayCell.send((cell, indexPath))
    }

    /// Forwards, then sends to `willDisplaySupplementaryView`.
    public func collectionView(
      _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
      forElementKind elementKind: String, at indexPath: IndexPath
    ) {
      forward?.collectionView?(
        collectionView, willDisplaySupplementaryView: view, forElementKind: elementKind, at: indexPath)
      willDisplaySupplementaryView.send((view, elementKind, indexPath))
    }

    /// Forwards, then sends to `didEndDisplayingCell`.
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      forward?.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
      didEndDisplayingCell.send((cell, indexPath))
    }

    /// Forwards, then sends to `didEndDisplayingSupplementaryView`.
    public func collectionView(
      _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
      forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {
      forward?.collectionView?(
        collectionView, didEndDisplayingSupplementaryView: view, forElementOfKind: elementKind, at: indexPath)
      didEndDisplayingSupplementaryView.send((view, elementKind, indexPath))
    }

    /// Forwards, then sends to `didUpdateFocusInContextWithAnimationCoordinator`.
    public func collectionView(
      _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
      with coordinator: UIFocusAnimationCoordinator
    ) {
      forward?.collectionView?(collectionView, didUpdateFocusIn: context, with: coordinator)
      didUpdateFocus.send((context, coordinator))
    }
  }
#endif
