#if canImport(UIKit) && os(iOS)
  import Streams
  import UIKit

  extension Reactive where Base: UISearchController {
    /// The search controller's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<UISearchController, UISearchControllerDelegate> {
      RxSearchControllerDelegateProxy.proxy(for: base)
    }

    /// Each `didDismissSearchController(_:)`.
    @preconcurrency @MainActor
    public var didDismiss: Observable<Void> { proxy.didDismiss.events }

    /// Each `didPresentSearchController(_:)`.
    @preconcurrency @MainActor
    public var didPresent: Observable<Void> { proxy.didPresent.events }

    /// Each `presentSearchController(_:)`.
    @preconcurrency @MainActor
    public var present: Observable<Void> { proxy.present.events }

    /// Each `willDismissSearchController(_:)`.
    @preconcurrency @MainActor
    public var willDismiss: Observable<Void> { proxy.willDismiss.events }

    /// Each `willPresentSearchController(_:)`.
    @preconcurrency @MainActor
    public var willPresent: Observable<Void> { proxy.willPresent.events }

    @MainActor
    private var proxy: RxSearchControllerDelegateProxy { RxSearchControllerDelegateProxy.proxy(for: base) }
  }

  extension Reactive where Base: UINavigationController {
    /// What `willShow` and `didShow` send.
    public typealias ShowEvent = (viewController: UIViewController, animated: Bool)

    /// The navigation controller's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<UINavigationController, UINavigationControllerDelegate> {
      RxNavigationControllerDelegateProxy.proxy(for: base)
    }

    /// Each `navigationController(_:willShow:animated:)`.
    @preconcurrency @MainActor
    public var willShow: ControlEvent<ShowEvent> {
      ControlEvent(events: RxNavigationControllerDelegateProxy.proxy(for: base).willShow.events)
    }

    /// Each `navigationController(_:didShow:animated:)`.
    @preconcurrency @MainActor
    public var didShow: ControlEvent<ShowEvent> {
      ControlEvent(events: RxNavigationControllerDelegateProxy.proxy(for: base).didShow.events)
    }
  }

  extension Reactive where Base: UITabBarController {
    /// The tab bar controller's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<UITabBarController, UITabBarControllerDelegate> {
      RxTabBarControllerDelegateProxy.proxy(for: base)
    }

    /// Each `tabBarController(_:willBeginCustomizing:)`.
    @preconcurrency @MainActor
    public var willBeginCustomizing: ControlEvent<[UIViewController]> {
      ControlEvent(events: proxy.willBeginCustomizing.events)
    }

    /// Each `tabBarController(_:willEndCustomizing:changed:)`.
    @preconcurrency @MainActor
    public var willEndCustomizing: ControlEvent<(viewControllers: [UIViewController], changed: Bool)> {
      ControlEvent(events: proxy.willEndCustomizing.events.map { ($0.0, $0.1) })
    }

    /// Each `tabBarController(_:didEndCustomizing:changed:)`.
    @preconcurrency @MainActor
    public var didEndCustomizing: ControlEvent<(viewControllers: [UIViewController], changed: Bool)> {
      ControlEvent(events: proxy.didEndCustomizing.events.map { ($0.0, $0.1) })
    }

    /// Each `tabBarController(_:didSelect:)`.
    @preconcurrency @MainActor
    public var didSelect: ControlEvent<UIViewController> { ControlEvent(events: proxy.didSelect.events) }

    @MainActor
    private var proxy: RxTabBarControllerDelegateProxy { RxTabBarControllerDelegateProxy.proxy(for: base) }
  }

  extension Reactive where Base: UITabBar {
    /// The tab bar's delegate proxy.
    @preconcurrency @MainActor
    public var delegate: DelegateProxy<UITabBar, UITabBarDelegate> {
      RxTabBarDelegateProxy.proxy(for: base)
    }

    /// Each `tabBar(_:willBeginCustomizing:)`.
    @preconcurrency @MainActor
    public var willBeginCustomizing: ControlEvent<[UITabBarItem]> {
      ControlEvent(events: proxy.willBeginCustomizing.events)
    }

    /// Each `tabBar(_:didBeginCustomizing:)`.
    @preconcurrency @MainActor
    public var didBeginCustomizing: ControlEvent<[UITabBarItem]> {
      ControlEvent(events: proxy.didBeginCustomizing.events)
    }

    /// Each `tabBar(_:willEndCustomizing:changed:)`.
    @preconcurrency @MainActor
    public var willEndCustomizing: ControlEvent<([UITabBarItem], Bool)> {
      ControlEvent(events: proxy.willEndCustomizing.events)
    }

    /// Each `tabBar(_:didEndCustomizing:changed:)`.
    @preconcurrency @MainActor
    public var didEndCustomizing: ControlEvent<([UITabBarItem], Bool)> {
      ControlEvent(events: proxy.didEndCustomizing.events)
    }

    /// Each `tabBar(_:didSelect:)`.
    @preconcurrency @MainActor
    public var didSelectItem: ControlEvent<UITabBarItem> { ControlEvent(events: proxy.didSelectItem.events) }

    @MainActor
    private var proxy: RxTabBarDelegateProxy { RxTabBarDelegateProxy.proxy(for: base) }
  }
#endif
