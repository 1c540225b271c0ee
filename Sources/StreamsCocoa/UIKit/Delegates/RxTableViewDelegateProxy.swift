#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  /// The delegate proxy of a table view: RxCocoa's `RxTableViewDelegateProxy`. It is the scroll
  /// view proxy of a table view, so `rx.contentOffset` and `rx.itemSelected` share it.
  open class RxTableViewDelegateProxy: RxScrollViewDelegateProxy, UITableViewDelegate {
    /// The table view this proxy is the delegate of.
    public private(set) weak var tableView: UITableView?

    let didSelectRow = DelegateMethod<IndexPath>()
    let didDeselectRow = DelegateMethod<IndexPath>()
    let didHighlightRow = DelegateMethod<IndexPath>()
    let didUnhighlightRow = DelegateMethod<IndexPath>()
    let accessoryButtonTapped = DelegateMethod<IndexPath>()
    let willDisplayCell = DelegateMethod<Reactive<UITableView>.WillDisplayCellEvent>()
    let didEndDisplayingCell = DelegateMethod<Reactive<UITableView>.DidEndDisplayingCellEvent>()
    let didUpdateFocus = DelegateMethod<(UITableViewFocusUpdateContext, UIFocusAnimationCoordinator)>()

    /// The proxy of `tableView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(tableView: UITableView) {
      self.tableView = tableView
      super.init(scrollView: tableView)
    }

    private var forward: UITableViewDelegate? { forwardToDelegate() as? UITableViewDelegate }

    /// Forwards, then sends to `itemSelected`.
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      forward?.tableView?(tableView, didSelectRowAt: indexPath)
      didSelectRow.send(indexPath)
    }

    /// Forwards, then sends to `itemDeselected`.
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      forward?.tableView?(tableView, didDeselectRowAt: indexPath)
      didDeselectRow.send(indexPath)
    }

    /// Forwards, then sends to `itemHighlighted`.
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
      forward?.tableView?(tableView, didHighlightRowAt: indexPath)
      didHighlightRow.send(indexPath)
    }

    /// Forwards, then sends to `itemUnhighlighted`.
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
      forward?.tableView?(tableView, didUnhighlightRowAt: indexPath)
      didUnhighlightRow.send(indexPath)
    }

    /// Forwards, then sends to `itemAccessoryButtonTapped`.
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
      forward?.tableView?(tableView, accessoryButtonTappedForRowWith: indexPath)
      accessoryButtonTapped.send(indexPath)
    }

    /// Forwards, then sends to `willDisplayCell`.
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
      forward?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
      willDisplayCell.send((cell, indexPath))
    }

    /// Forwards, then sends to `didEndDisplayingCell`.
    public func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      forward?.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath)
      didEndDisplayingCell.send((cell, indexPath))
    }

    /// Forwards, then sends to `didUpdateFocusInContextWithAnimationCoordinator`.
    public func tableView(
      _ tableView: UITableView, didUpdateFocusIn context: UITableViewFocusUpdateContext,
      with coordinator: UIFocusAnimationCoordinator
    ) {
      forward?.tableView?(tableView, didUpdateFocusIn: context, with: coordinator)
      didUpdateFocus.send((context, coordinator))
    }
  }
#endif
