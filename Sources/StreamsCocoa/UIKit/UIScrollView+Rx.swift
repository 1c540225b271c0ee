#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UIScrollView {
    /// What `willEndDragging` sends: the velocity, and the target offset, which may be changed.
    public typealias WillEndDraggingEvent = (velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// What `didEndZooming` sends: the zoomed view and the scale.
    public typealias EndZoomEvent = (view: UIView?, scale: CGFloat)

    /// The scroll view's delegate proxy (made its delegate; the delegate it had is forwarded to).
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<UIScrollView, UIScrollViewDelegate> {
      RxScrollViewDelegateProxy.proxy(for: base)
    }

    /// The content offset: the current one, then after each scroll; set without animation.
    @preconcurrency @MainActor
    public var contentOffset: ControlProperty<CGPoint> {
      ControlSource.property(
        of: base, deallocated: deallocated,
        listen: ControlSource.listening(to: [\.didScroll]) { RxScrollViewDelegateProxy.proxy(for: $0) },
        getter: { $0.contentOffset }, setter: { $0.contentOffset = $1 })
    }

    /// Each `scrollViewDidScroll(_:)`.
    @preconcurrency @MainActor
    public var didScroll: ControlEvent<Void> { ControlEvent(events: proxy.didScroll.events) }

    /// Each `scrollViewWillBeginDecelerating(_:)`.
    @preconcurrency @MainActor
    public var willBeginDecelerating: ControlEvent<Void> { ControlEvent(events: proxy.willBeginDecelerating.events) }

    /// Each `scrollViewDidEndDecelerating(_:)`.
    @preconcurrency @MainActor
    public var didEndDecelerating: ControlEvent<Void> { ControlEvent(events: proxy.didEndDecelerating.events) }

    /// Each `scrollViewWillBeginDragging(_:)`.
    @preconcurrency @MainActor
    public var willBeginDragging: ControlEvent<Void> { ControlEvent(events: proxy.willBeginDragging.events) }

    /// Each `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`.
    @preconcurrency @MainActor
    public var willEndDragging: ControlEvent<WillEndDraggingEvent> {
      ControlEvent(events: proxy.willEndDragging.events)
    }

    /// Each `scrollViewDidEndDragging(_:willDecelerate:)`: whether it decelerates.
    @preconcurrency @MainActor
    public var didEndDragging: ControlEvent<Bool> { ControlEvent(events: proxy.didEndDragging.events) }

    /// Each `scrollViewDidZoom(_:)`.
    @preconcurrency @MainActor
    public var didZoom: ControlEvent<Void> { ControlEvent(events: proxy.didZoom.events) }

    /// Each `scrollViewDidScrollToTop(_:)`.
    @preconcurrency @MainActor
    public var didScrollToTop: ControlEvent<Void> { ControlEvent(events: proxy.didScrollToTop.events) }

    /// Each `scrollViewDidEndScrollingAnimation(_:)`.
    @preconcurrency @MainActor
    public var didEndScrollingAnimation: ControlEvent<Void> {
      ControlEvent(events: proxy.didEndScrollingAnimation.events)
    }

    /// Each `scrollViewWillBeginZooming(_:with:)`: the view to zoom.
    @preconcurrency @MainActor
    public var willBeginZooming: ControlEvent<UIView?> { ControlEvent(events: proxy.willBeginZooming.events) }

    /// Each `scrollViewDidEndZooming(_:with:atScale:)`: the view and the scale.
    @preconcurrency @MainActor
    public var didEndZooming: ControlEvent<EndZoomEvent> { ControlEvent(events: proxy.didEndZooming.events) }

    /// Makes `delegate` the scroll view's forward delegate (held weakly) until the returned
    /// disposable is disposed; refused and reported if another is installed
    /// (``DelegateProxyType/installForwardDelegate(_:retainDelegate:onProxyForObject:)``).
    @preconcurrency @MainActor
    public func setDelegate(_ delegate: UIScrollViewDelegate) -> Disposable {
      RxScrollViewDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
    }

    @MainActor
    private var proxy: RxScrollViewDelegateProxy { RxScrollViewDelegateProxy.proxy(for: base) }
  }
#endif
