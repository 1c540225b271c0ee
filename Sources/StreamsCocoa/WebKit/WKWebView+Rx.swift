#if canImport(WebKit) && (os(iOS) || os(macOS))
  import Streams
  import WebKit

  /// The navigation delegate proxy of a web view: RxCocoa's `RxWKNavigationDelegateProxy`.
  open class RxWKNavigationDelegateProxy: DelegateProxy<WKWebView, WKNavigationDelegate>, DelegateProxyType,
    WKNavigationDelegate
  {
    /// The web view this proxy is the navigation delegate of.
    public private(set) weak var webView: WKWebView?

    let didCommit = DelegateMethod<WKNavigation>()
    let didStartLoad = DelegateMethod<WKNavigation>()
    let didFinishLoad = DelegateMethod<WKNavigation>()
    let didFailLoad = DelegateMethod<(WKNavigation, Error)>()

    /// The proxy of `webView`; get it with ``DelegateProxyType/proxy(for:)``.
    public init(webView: ParentObject) {
      self.webView = webView
      super.init(parentObject: webView, delegateProxy: RxWKNavigationDelegateProxy.self)
    }

    /// Registers the proxy of web views.
    public static func registerKnownImplementations() {
      register { RxWKNavigationDelegateProxy(webView: $0) }
    }

    /// The web view's `navigationDelegate`.
    public static func currentDelegate(for object: ParentObject) -> WKNavigationDelegate? {
      object.navigationDelegate
    }

    /// Sets the web view's `navigationDelegate`.
    public static func setCurrentDelegate(_ delegate: WKNavigationDelegate?, to object: ParentObject) {
      object.navigationDelegate = delegate
    }

    /// Forwards, then sends to `didCommit`.
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
      forwardToDelegate()?.webView?(webView, didCommit: navigation)
      if let navigation { didCommit.send(navigation) }
    }

    /// Forwards, then sends to `didStartLoad`.
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
      forwardToDelegate()?.webView?(webView, didStartProvisionalNavigation: navigation)
      if let navigation { didStartLoad.send(navigation) }
    }

    /// Forwards, then sends to `didFinishLoad`.
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
      forwardToDelegate()?.webView?(webView, didFinish: navigation)
      if let navigation { didFinishLoad.send(navigation) }
    }

    /// Forwards, then sends to `didFailLoad`.
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
      forwardToDelegate()?.webView?(webView, didFail: navigation, withError: error)
      if let navigation { didFailLoad.send((navigation, error)) }
    }
  }

  extension Reactive where Base: WKWebView {
    /// The web view's navigation delegate proxy.
    @preconcurrency @MainActor
    public var navigationDelegate: DelegateProxy<WKWebView, WKNavigationDelegate> {
      RxWKNavigationDelegateProxy.proxy(for: base)
    }

    /// Each navigation committed (`webView(_:didCommit:)`).
    @preconcurrency @MainActor
    public var didCommit: Observable<WKNavigation> { proxy.didCommit.events }

    /// Each provisional navigation started (`webView(_:didStartProvisionalNavigation:)`).
    @preconcurrency @MainActor
    public var didStartLoad: Observable<WKNavigation> { proxy.didStartLoad.events }

    /// Each navigation finished (`webView(_:didFinish:)`).
    @preconcurrency @MainActor
    public var didFinishLoad: Observable<WKNavigation> { proxy.didFinishLoad.events }

    /// Each navigation failed, with its error (`webView(_:didFail:withError:)`).
    @preconcurrency @MainActor
    public var didFailLoad: Observable<(WKNavigation, Error)> { proxy.didFailLoad.events }

    @MainActor
    private var proxy: RxWKNavigationDelegateProxy { RxWKNavigationDelegateProxy.proxy(for: base) }
  }
#endif
