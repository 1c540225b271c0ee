#if canImport(UIKit) && os(iOS)
  import Streams
  import UIKit

  extension UISearchController: HasDelegate {
    /// The delegate protocol of a search controller.
    public typealias Delegate = UISearchControllerDelegate
  }

  /// The delegate proxy of a search controller: RxCocoa's `RxSearchControllerDelegateProxy`.
  open class RxSearchControllerDelegateProxy: DelegateProxy<UISearchController, UISearchControllerDelegate>,
    DelegateProxyType, UISearchControllerDelegate
  {
    /// The search controller this proxy is the delegate of.
    public private(set) weak var searchController: UISearchController?

    let willPresent = DelegateMethod<Void>()
    let didPresent = DelegateMethod<Void>()
    private(set) var present: DelegateMethod<Void>!
    let willDismiss = DelegateMethod<Void>()
    let didDismiss = DelegateMethod<Void>()

    /// The proxy of `searchController`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(searchController: UISearchController) {
      self.searchController = searchController
      super.init(parentObject: searchController, delegateProxy: RxSearchControllerDelegateProxy.self)
      present = DelegateMethod(answeringOnlyWhileObserved: "presentSearchController:", of: self)
    }

    /// Registers the proxy of search controllers.
    public static func registerKnownImplementations() {
      register { RxSearchControllerDelegateProxy(searchController: $0) }
    }

    /// Forwards, then sends to `willPresent`.
    public func willPresentSearchController(_ searchController: UISearchController) {
      forwardToDelegate()?.willPresentSearchController?(searchController)
      willPresent.send(())
    }

    /// Forwards, then sends to `didPresent`.
    public func didPresentSearchController(_ searchController: UISearchController) {
      forwardToDelegate()?.didPresentSearchController?(searchController)
      didPresent.send(())
    }

    /// Forwards, then sends to `present`. Answered only while `present` is observed or the forward
    /// delegate implements it: its presence means the delegate presents the search controller.
    public func presentSearchController(_ searchController: UISearchController) {
      forwardToDelegate()?.presentSearchController?(searchController)
      present.send(())
    }

    /// Forwards, then sends to `willDismiss`.
    public func willDismissSearchController(_ searchController: UISearchController) {
      forwardToDelegate()?.willDismissSearchController?(searchController)
      willDismiss.send(())
    }

    /// Forwards, then sends to `didDismiss`.
    public func didDismissSearchController(_ searchController: UISearchController) {
      forwardToDelegate()?.didDismissSearchController?(searchController)
      didDismiss.send(())
    }
  }

  extension UINavigationController: HasDelegate {
    /// The delegate protocol of a navigation controller.
    public typealias Delegate = UINavigationControllerDelegate
  }

  /// The delegate proxy of a navigation controller: RxCocoa's `RxNavigationControllerDelegateProxy`.
  open class RxNavigationControllerDelegateProxy:
    DelegateProxy<UINavigationController, UINavigationControllerDelegate>, DelegateProxyType,
    UINavigationControllerDelegate
  {
    /// The navigation controller this proxy is the delegate of.
    public private(set) weak var navigationController: UINavigationController?

    let willShow = DelegateMethod<Reactive<UINavigationController>.ShowEvent>()
    let didShow = DelegateMethod<Reactive<UINavigationController>.ShowEvent>()

    /// The proxy of `navigationController`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(navigationController: ParentObject) {
      self.navigationController = navigationController
      super.init(parentObject: navigationController, delegateProxy: RxNavigationControllerDelegateProxy.self)
    }

    /// Registers the proxy of navigation controllers.
    public static func registerKnownImplementations() {
      register { RxNavigationControllerDelegateProxy(navigationController: $0) }
    }

    /// Forwards, then sends to `willShow`.
    public func navigationController(
      _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
      forwardToDelegate()?.navigationController?(navigationController, willShow: viewController, animated: animated)
      willShow.send((viewController, animated))
    }

    /// Forwards, then sends to `didShow`.
    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
      forwardToDelegate()?.navigationController?(navigationController, didShow: viewController, animated: animated)
      didShow.send((viewController, animated))
    }
  }

  extension UITabBarController: HasDelegate {
    /// The delegate protocol of a tab bar controller.
    public typealias Delegate = UITabBarControllerDelegate
  }

  /// The delegate proxy of a tab bar controller: RxCocoa's `RxTabBarControllerDelegateProxy`.
  open class RxTabBarControllerDelegateProxy: DelegateProxy<UITabBarController, UITabBarControllerDelegate>,
    DelegateProxyType, UITabBarControllerDelegate
  {
    /// The tab bar controller this proxy is the delegate of.
    public private(set) weak var tabBar: UITabBarController?

    let willBeginCustomizing = DelegateMethod<[UIViewController]>()
    let willEndCustomizing = DelegateMethod<([UIViewController], Bool)>()
    let didEndCustomizing = DelegateMethod<([UIViewController], Bool)>()
    let didSelect = DelegateMethod<UIViewController>()

    /// The proxy of `tabBar`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(tabBar: UITabBarController) {
      self.tabBar = tabBar
      super.init(parentObject: tabBar, delegateProxy: RxTabBarControllerDelegateProxy.self)
    }

    /// Registers the proxy of tab bar controllers.
    public static func registerKnownImplementations() {
      register { RxTabBarControllerDelegateProxy(tabBar: $0) }
    }

    /// Forwards, then sends to `willBeginCustomizing`.
    public func tabBarController(
      _ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController]
    ) {
      forwardToDelegate()?.tabBarController?(tabBarController, willBeginCustomizing: viewControllers)
      willBeginCustomizing.send(viewControllers)
    }

    /// Forwards, then sends to `willEndCustomizing`.
    public func tabBarController(
      _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController], changed: Bool
    ) {
      forwardToDelegate()?.tabBarController?(tabBarController, willEndCustomizing: viewControllers, changed: changed)
      willEndCustomizing.send((viewControllers, changed))
    }

    /// Forwards, then sends to `didEndCustomizing`.
    public func tabBarController(
      _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController], changed: Bool
    ) {
      forwardToDelegate()?.tabBarController?(tabBarController, didEndCustomizing: viewControllers, changed: changed)
      didEndCustomizing.send((viewControllers, changed))
    }

    /// Forwards, then sends to `didSelect`.
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
      forwardToDelegate()?.tabBarController?(tabBarController, didSelect: viewController)
      didSelect.send(viewController)
    }
  }

  extension UITabBar: HasDelegate {
    /// The delegate protocol of a tab bar.
    public typealias Delegate = UITabBarDelegate
  }

  /// The delegate proxy of a tab bar: RxCocoa's `RxTabBarDelegateProxy`.
  open class RxTabBarDelegateProxy: DelegateProxy<UITabBar, UITabBarDelegate>, DelegateProxyType, UITabBarDelegate {
    /// The tab bar this proxy is the delegate of.
    public private(set) weak var tabBar: UITabBar?

    let willBeginCustomizing = DelegateMethod<[UITabBarItem]>()
    let didBeginCustomizing = DelegateMethod<[UITabBarItem]>()
    let willEndCustomizing = DelegateMethod<([UITabBarItem], Bool)>()
    let didEndCustomizing = DelegateMethod<([UITabBarItem], Bool)>()
    let didSelectItem = DelegateMethod<UITabBarItem>()

    /// The proxy of `tabBar`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(tabBar: ParentObject) {
      self.tabBar = tabBar
      super.init(parentObject: tabBar, delegateProxy: RxTabBarDelegateProxy.self)
    }

    /// Registers the proxy of tab bars.
    public static func registerKnownImplementations() {
      register { RxTabBarDelegateProxy(tabBar: $0) }
    }

    /// Forwards, then sends to `willBeginCustomizing`.
    public func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {
      forwardToDelegate()?.tabBar?(tabBar, willBeginCustomizing: items)
      willBeginCustomizing.send(items)
    }

    /// Forwards, then sends to `didBeginCustomizing`.
    public func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {
      forwardToDelegate()?.tabBar?(tabBar, didBeginCustomizing: items)
      didBeginCustomizing.send(items)
    }

    /// Forwards, then sends to `willEndCustomizing`.
    public func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {
      forwardToDelegate()?.tabBar?(tabBar, willEndCustomizing: items, changed: changed)
      willEndCustomizing.send((items, changed))
    }

    /// Forwards, then sends to `didEndCustomizing`.
    public func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {
      forwardToDelegate()?.tabBar?(tabBar, didEndCustomizing: items, changed: changed)
      didEndCustomizing.send((items, changed))
    }

    /// Forwards, then sends to `didSelectItem`.
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
      forwardToDelegate()?.tabBar?(tabBar, didSelect: item)
      didSelectItem.send(item)
    }
  }
#endif
