import Foundation
import Streams

/// The base class of delegate proxies: RxCocoa's `DelegateProxy`. A proxy type subclasses it,
/// conforms to ``DelegateProxyType`` and to the delegate protocol, and implements the delegate
/// methods it observes: each forwards the call to ``forwardToDelegate()`` and sends its arguments
/// to its subscribers.
///
/// On Apple platforms the proxy answers `responds(to:)` for the methods it implements and for
/// those its forward delegate implements, and hands the calls it does not implement to the forward
/// delegate (`forwardingTarget(for:)`), so the forward delegate keeps receiving every call it
/// implements. A method whose mere presence changes what UIKit does (swipe to delete, say) is
/// answered only while observed or when the forward delegate implements it; the proxy sets itself
/// as the parent's delegate again when that changes, so that UIKit asks anew.
@preconcurrency @MainActor
open class DelegateProxy<P: AnyObject, D>: NSObject {
  /// The type of object this proxy is the delegate of.
  public typealias ParentObject = P
  /// The delegate protocol.
  public typealias Delegate = D

  /// The forward delegate and the observer counts of the observed-only methods, which
  /// `responds(to:)` reads from whatever thread asks.
  private struct Forwarding {
    weak var weakDelegate: AnyObject?
    var retainedDelegate: AnyObject?
    var observersByMethod: [String: Int] = [:]

    var delegate: AnyObject? { retainedDelegate ?? weakDelegate }
  }

  // Unsafe: a `LockedState`, used only through its lock.
  private nonisolated(unsafe) let forwarding = LockedState(Forwarding())
  private weak var parentObject: ParentObject?
  private let currentDelegateOf: @MainActor (ParentObject) -> AnyObject?
  private let setCurrentDelegate: @MainActor (AnyObject?, ParentObject) -> Void

  /// A proxy for `parentObject`, of the proxy type `delegateProxy` (which says how to read and set
  /// the parent's delegate). Call it from the proxy type's initializer; get proxies with
  /// ``DelegateProxyType/proxy(for:)``.
  public init<Proxy: DelegateProxyType>(parentObject: ParentObject, delegateProxy: Proxy.Type)
  where Proxy: DelegateProxy<ParentObject, Delegate>, Proxy.ParentObject == ParentObject, Proxy.Delegate == Delegate {
    self.parentObject = parentObject
    currentDelegateOf = { Proxy.currentDelegate(for: $0) as AnyObject? }
    setCurrentDelegate = { delegate, parent in Proxy.setCurrentDelegate(delegate as? Delegate, to: parent) }
    super.init()
  }

  /// The delegate each call is forwarded to: the parent's delegate before the proxy, or the one
  /// installed with ``DelegateProxyType/installForwardDelegate(_:retainDelegate:onProxyForObject:)``.
  open func forwardToDelegate() -> Delegate? {
    forwardDelegateObject as? Delegate
  }

  /// Sets the delegate each call is forwarded to, retained if `retainDelegate`, weakly held if not.
  open func setForwardToDelegate(_ delegate: Delegate?, retainDelegate: Bool) {
    let object = delegate.map { $0 as AnyObject }
    forwarding.withLock { forwarding in
      forwarding.weakDelegate = object
      forwarding.retainedDelegate = retainDelegate ? object : nil
    }
    #if canImport(ObjectiveC)
      if let object, !retainDelegate { reinstallWhenDeallocated(object) }
    #endif
    reinstall()
  }

  /// The forward delegate as an object, readable from any thread.
  package nonisolated var forwardDelegateObject: AnyObject? {
    forwarding.withLock { $0.delegate }
  }

  /// Whether the proxy answers the delegate method `name`: one observed only while observed, or
  /// when the forward delegate does; another when the proxy implements it or the forward delegate
  /// does. `forwardDelegateAnswers` is asked outside the lock.
  package nonisolated func answers(
    _ name: String, implemented: Bool, forwardDelegateAnswers: (AnyObject) -> Bool
  ) -> Bool {
    let (observers, delegate) = forwarding.withLock { ($0.observersByMethod[name], $0.delegate) }
    let forwarded = delegate.map(forwardDelegateAnswers) ?? false
    guard let observers else { return implemented || forwarded }
    return (implemented && observers > 0) || forwarded
  }

  /// Makes `name` a method the proxy answers only while observed (or when the forward delegate
  /// does); the proxy type does this for each such method before UIKit first asks.
  package func answersOnlyWhileObserved(_ name: String) {
    forwarding.withLock { $0.observersByMethod[name] = $0.observersByMethod[name] ?? 0 }
  }

  /// Counts an observer of `name` in or out; when the method starts or stops being observed, the
  /// proxy sets itself as the parent's delegate again, so that UIKit asks which methods it has.
  package func observerCount(of name: String, changedBy change: Int) {
    let changed = forwarding.withLock { forwarding -> Bool in
      guard let count = forwarding.observersByMethod[name] else { return false }
      forwarding.observersByMethod[name] = count + change
      return (count == 0) != (count + change == 0)
    }
    if changed { reinstall() }
  }

  /// Sets the parent's delegate to `nil` and back to this proxy, if it is this proxy (UIKit caches
  /// which methods a delegate has when it is set).
  private func reinstall() {
    guard let parentObject, currentDelegateOf(parentObject) === self else { return }
    setCurrentDelegate(nil, parentObject)
    setCurrentDelegate(self, parentObject)
  }

  #if canImport(ObjectiveC)
    /// Sets the proxy as the parent's delegate again once `delegate`, held weakly, is deallocated:
    /// UIKit remembers the methods the proxy answered for `delegate` (a row height, a header view),
    /// and would otherwise send them to a proxy with no one to forward them to. RxCocoa's
    /// `forwardInvocation:` drops such calls; without `NSInvocation`, UIKit is made to ask again.
    private func reinstallWhenDeallocated(_ delegate: AnyObject) {
      let watcher = DeallocationWatcher { [weak self] in
        MainActorDelivery.runNowOrEnqueue("DelegateProxy") { self?.reinstall() }
      }
      // The key: this proxy's address, one watcher per proxy and delegate.
      objc_setAssociatedObject(delegate, Unmanaged.passUnretained(self).toOpaque(), watcher, .OBJC_ASSOCIATION_RETAIN)
    }

    /// Answers for the methods this proxy implements (those observed only while observed) and
    /// those its forward delegate implements.
    open nonisolated override func responds(to selector: Selector!) -> Bool {
      guard let selector else { return false }
      return answers(NSStringFromSelector(selector), implemented: super.responds(to: selector)) {
        ($0 as? NSObjectProtocol)?.responds(to: selector) ?? false
      }
    }

    /// Hands a call the proxy does not implement to the forward delegate, if it implements it.
    open nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
      guard let selector, let delegate = forwardDelegateObject as? NSObjectProtocol,
        delegate.responds(to: selector)
      else { return super.forwardingTarget(for: selector) }
      return delegate
    }
  #endif
}

#if canImport(ObjectiveC)
  /// Calls its closure when it is deallocated: with the object it is associated with.
  private final class DeallocationWatcher: Sendable {
    private let deallocated: @Sendable () -> Void

    init(_ deallocated: @escaping @Sendable () -> Void) {
      self.deallocated = deallocated
    }

    deinit {
      deallocated()
    }
  }
#endif
