#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension UIScrollView: HasDelegate {
    /// The delegate protocol of a scroll view.
    public typealias Delegate = UIScrollViewDelegate
  }

  /// The delegate proxy of a scroll view, and the base of the table, collection and text view
  /// delegate proxies: RxCocoa's `RxScrollViewDelegateProxy`.
  open class RxScrollViewDelegateProxy: DelegateProxy<UIScrollView, UIScrollViewDelegate>, DelegateProxyType,
    UIScrollViewDelegate
  {
    /// The scroll view this proxy is the delegate of.
    public private(set) weak var scrollView: UIScrollView?

    let didScroll = DelegateMethod<Void>()
    let willBeginDecelerating = DelegateMethod<Void>()
    let didEndDecelerating = DelegateMethod<Void>()
    let willBeginDragging = DelegateMethod<Void>()
    let willEndDragging = DelegateMethod<Reactive<UIScrollView>.WillEndDraggingEvent>()
    let didEndDragging = DelegateMethod<Bool>()
    let didZoom = DelegateMethod<Void>()
    let didScrollToTop = DelegateMethod<Void>()
    let didEndScrollingAnimation = DelegateMethod<Void>()
    let willBeginZooming = DelegateMethod<UIView?>()
    let didEndZooming = DelegateMethod<Reactive<UIScrollView>.EndZoomEvent>()

    /// The proxy of `scrollView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(scrollView: ParentObject) {
      self.scrollView = scrollView
      super.init(parentObject: scrollView, delegateProxy: RxScrollViewDelegateProxy.self)
    }

    /// Registers the proxies of scroll views, table views, collection views and text views.
    public static func registerKnownImplementations() {
      register { RxScrollViewDelegateProxy(scrollView: $0) }
      register { RxTableViewDelegateProxy(tableView: $0) }
      register { RxCollectionViewDelegateProxy(collectionView: $0) }
      register { RxTextViewDelegateProxy(textView: $0) }
    }

    /// Sends to `didScroll` (before forwarding, as RxCocoa does), then forwards.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
      didScroll.send(())
      forwardToDelegate()?.scrollViewDidScroll?(scrollView)
    }

    /// Forwards, then sends to `willBeginDecelerating`.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
      forwardToDelegate()?.scrollViewWillBeginDecelerating?(scrollView)
      willBeginDecelerating.send(())
    }

    /// Forwards, then sends to `didEndDecelerating`.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
      forwardToDelegate()?.scrollViewDidEndDecelerating?(scrollView)
      didEndDecelerating.send(())
    }

    /// Forwards, then sends to `willBeginDragging`.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
      forwardToDelegate()?.scrollViewWillBeginDragging?(scrollView)
      willBeginDragging.send(())
    }

    /// Forwards, then sends the velocity and the target offset (which a subscriber may change) to
    /// `willEndDragging`.
    public func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
      targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
      forwardToDelegate()?.scrollViewWillEndDragging?(
        scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
      willEndDragging.send((velocity, targetContentOffset))
    }

    /// Forwards, then sends `decelerate` to `didEndDragging`.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
      forwardToDelegate()?.scrollViewDidEndDragging?(scrollView, willDecelerate: decelerate)
      didEndDragging.send(decelerate)
    }

    /// Forwards, then sends to `didZoom`.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {
      forwardToDelegate()?.scrollViewDidZoom?(scrollView)
      didZoom.send(())
    }

    /// Forwards, then sends to `didScrollToTop`.
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {
      forwardToDelegate()?.scrollViewDidScrollToTop?(scrollView)
      didScrollToTop.send(())
    }

    /// Forwards, then sends to `didEndScrollingAnimation`.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
      forwardToDelegate()?.scrollViewDidEndScrollingAnimation?(scrollView)
      didEndScrollingAnimation.send(())
    }

    /// Forwards, then sends the view to `willBeginZooming`.
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
      forwardToDelegate()?.scrollViewWillBeginZooming?(scrollView, with: view)
      willBeginZooming.send(view)
    }

    /// Forwards, then sends the view and the scale to `didEndZooming`.
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
      forwardToDelegate()?.scrollViewDidEndZooming?(scrollView, with: view, atScale: scale)
      didEndZooming.send((view, scale))
    }
  }

  extension RxScrollViewDelegateProxy {
    /// The scroll view proxy of `view` as a `Proxy`: the table, collection or text view proxy
    /// ``registerKnownImplementations()`` registers for its class; `nil` (reported to
    /// `Hooks.diagnostic` as a `Diagnostic.delegateProxyMisuse`) when the app registered a proxy of
    /// another class for it.
    static func proxy<Proxy: RxScrollViewDelegateProxy>(for view: UIScrollView, as _: Proxy.Type) -> Proxy? {
      let proxy = RxScrollViewDelegateProxy.proxy(for: view)
      guard let specialized = proxy as? Proxy else {
        Hooks.diagnostic(
          .delegateProxyMisuse(
            "the scroll view proxy of \(type(of: view)) is a \(type(of: proxy)), not a \(Proxy.self): "
              + "register a subclass of \(Proxy.self) for it."))
        return nil
      }
      return specialized
    }
  }
#endif
