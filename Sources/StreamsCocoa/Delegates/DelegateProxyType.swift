import Streams

/// A delegate (or data source) that stands in for an object's own, so that Rx sequences and a
/// plain delegate can both observe an object that takes one delegate: RxCocoa's
/// `DelegateProxyType`.
///
/// Get a proxy with ``proxy(for:)``, never by its initializer: there is one proxy per object and
/// delegate protocol, attached to the object and released with it. The proxy makes itself the
/// object's delegate and forwards each call to the delegate the object had before (its *forward
/// delegate*), which keeps receiving every call it implements. A proxy type says how to read and
/// set the object's delegate (``currentDelegate(for:)``, ``setCurrentDelegate(_:to:)``; free for
/// objects that are ``HasDelegate``, ``HasDataSource`` or ``HasPrefetchDataSource``) and which
/// proxy serves which class (``registerKnownImplementations()``, with ``register(make:)``).
///
/// Everything runs on the main actor, where UIKit and AppKit call delegates. Unlike RxCocoa, a
/// proxy observes only the delegate methods it implements in Swift: `sentMessage` and
/// `methodInvoked`, which intercept any selector through the Objective-C runtime, are not
/// provided (see the migration guide). A proxy answers for its notification methods (those that
/// return nothing and whose presence changes nothing UIKit does) whether they are observed or
/// not, where RxCocoa answers only while observed; the others are answered only while observed.
@preconcurrency @MainActor
public protocol DelegateProxyType: AnyObject {
  /// The type of object the proxy is the delegate of.
  associatedtype ParentObject: AnyObject
  /// The delegate protocol.
  associatedtype Delegate

  /// Registers the proxies for the classes this proxy type knows (``register(make:)`` each),
  /// called once, the first time a proxy of this type is needed.
  static func registerKnownImplementations()

  /// The key under which an object keeps this proxy: by default one per delegate protocol, so
  /// that a subclass's proxy replaces its superclass's.
  static var identifier: UnsafeRawPointer { get }

  /// The object's delegate.
  static func currentDelegate(for object: ParentObject) -> Delegate?

  /// Sets the object's delegate.
  static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject)

  /// The delegate each call is forwarded to.
  func forwardToDelegate() -> Delegate?

  /// Sets the delegate each call is forwarded to, retained if `retainDelegate`, weakly held if not.
  func setForwardToDelegate(_ forwardToDelegate: Delegate?, retainDelegate: Bool)
}

extension DelegateProxyType {
  /// One key per delegate protocol: the address of `Delegate`'s type metadata.
  public static var identifier: UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: Int(bitPattern: ObjectIdentifier(Delegate.self)))!
  }

  /// Registers `make` as the maker of this type's proxies for objects of class `Parent` and its
  /// subclasses (the most derived registered class wins). Registering one class twice is refused
  /// and reported to `Hooks.diagnostic` (RxCocoa stops the program).
  public static func register<Parent>(make: @escaping @MainActor (Parent) -> Self) {
    ProxyFactory.shared(for: self).register(Parent.self) { make($0 as! Parent) }
  }

  /// A new proxy for `object`, made by the maker registered for its class or the nearest
  /// superclass. No maker for any of them is a programming error, which stops the program: register
  /// one in ``registerKnownImplementations()``.
  public static func createProxy(for object: AnyObject) -> Self {
    guard let proxy = ProxyFactory.shared(for: self).make(for: object) as? Self else {
      fatalError(
        "\(Self.self) has no factory for \(type(of: object)): register one in registerKnownImplementations().")
    }
    return proxy
  }

  /// The proxy of `object`, made and attached the first time, and made `object`'s delegate if it
  /// is not: the delegate `object` had then becomes the proxy's forward delegate (held weakly).
  public static func proxy(for object: ParentObject) -> Self {
    let proxy: Self
    if let attached = AttachedProxies.proxy(of: object, key: identifier) as? Self {
      proxy = attached
    } else {
      proxy = createProxy(for: object)
      AttachedProxies.attach(proxy, to: object, key: identifier)
    }
    let current = currentDelegate(for: object)
    if (current as AnyObject?) !== proxy {
      proxy.setForwardToDelegate(current, retainDelegate: false)
      guard let delegate = proxy as? Delegate else {
        fatalError("\(Self.self) does not conform to its delegate protocol \(Delegate.self).")
      }
      setCurrentDelegate(delegate, to: object)
    }
    return proxy
  }

  /// Makes `forwardDelegate` the forward delegate of `object`'s proxy until the returned
  /// disposable is disposed (on the main thread, or on the main queue from another thread), which
  /// removes it if it is still the forward delegate then.
  ///
  /// A proxy forwards to one delegate: when it already forwards to another (a second `items`
  /// binding on one table, `setDelegate` after `setDelegate`, or a delegate set before the first
  /// `rx` use), the call is refused, reported to `Hooks.diagnostic` as a
  /// `Diagnostic.delegateProxyMisuse`, and the disposable does nothing: set the
  /// object's delegate to `nil` first, or dispose the earlier binding. RxCocoa asserts in debug
  /// builds and replaces the delegate in release builds. Installing the delegate the proxy already
  /// forwards to changes nothing, and its disposable does nothing: the first installation keeps it.
  public static func installForwardDelegate(
    _ forwardDelegate: Delegate, retainDelegate: Bool, onProxyForObject object: ParentObject
  ) -> Disposable {
    let proxy = proxy(for: object)
    let installed = forwardDelegate as AnyObject
    if let existing = proxy.forwardToDelegate() {
      if (existing as AnyObject) !== installed {
        Hooks.diagnostic(
          .delegateProxyMisuse(
            "\(type(of: object)) already forwards to \(type(of: existing as AnyObject)) through \(Self.self); "
              + "\(type(of: installed)) was not installed. Set the delegate (or data source) to nil, or dispose "
              + "the binding that installed it, first."))
      }
      return Disposables.create()
    }
    proxy.setForwardToDelegate(forwardDelegate, retainDelegate: retainDelegate)
    return Disposables.create { [weak installed] in
      MainActorDelivery.runNowOrEnqueue("DelegateProxy") {
        // Removed if it is still the forward delegate, or if it was deallocated meanwhile.
        let current = proxy.forwardToDelegate().map { $0 as AnyObject }
        guard current === installed else { return }
        proxy.setForwardToDelegate(nil, retainDelegate: retainDelegate)
      }
    }
  }
}

/// An object with a `delegate`: its proxies read and set it, on the main actor.
@preconcurrency @MainActor
public protocol HasDelegate: AnyObject {
  /// The delegate protocol.
  associatedtype Delegate
  /// The object's delegate.
  var delegate: Delegate? { get set }
}

extension DelegateProxyType where ParentObject: HasDelegate, Self.Delegate == ParentObject.Delegate {
  /// `object.delegate`.
  public static func currentDelegate(for object: ParentObject) -> Delegate? {
    object.delegate
  }

  /// Sets `object.delegate`.
  public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) {
    object.delegate = delegate
  }
}

/// An object with a `dataSource`: its proxies read and set it, on the main actor.
@preconcurrency @MainActor
public protocol HasDataSource: AnyObject {
  /// The data source protocol.
  associatedtype DataSource
  /// The object's data source.
  var dataSource: DataSource? { get set }
}

extension DelegateProxyType where ParentObject: HasDataSource, Self.Delegate == ParentObject.DataSource {
  /// `object.dataSource`.
  public static func currentDelegate(for object: ParentObject) -> Delegate? {
    object.dataSource
  }

  /// Sets `object.dataSource`.
  public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) {
    object.dataSource = delegate
  }
}

/// An object with a `prefetchDataSource`: its proxies read and set it, on the main actor.
@preconcurrency @MainActor
public protocol HasPrefetchDataSource: AnyObject {
  /// The prefetching data source protocol.
  associatedtype PrefetchDataSource
  /// The object's prefetching data source.
  var prefetchDataSource: PrefetchDataSource? { get set }
}

extension DelegateProxyType
where ParentObject: HasPrefetchDataSource, Self.Delegate == ParentObject.PrefetchDataSource {
  /// `object.prefetchDataSource`.
  public static func currentDelegate(for object: ParentObject) -> Delegate? {
    object.prefetchDataSource
  }

  /// Sets `object.prefetchDataSource`.
  public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) {
    object.prefetchDataSource = delegate
  }
}
