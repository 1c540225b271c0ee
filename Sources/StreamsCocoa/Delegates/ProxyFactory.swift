import Streams

/// The makers of one proxy type family (one ``DelegateProxyType/identifier``), by parent class.
@MainActor
final class ProxyFactory {
  private static var factories: [UnsafeRawPointer: ProxyFactory] = [:]

  private let proxyType: Any.Type
  private var makers: [ObjectIdentifier: @MainActor (AnyObject) -> AnyObject] = [:]

  private init(proxyType: Any.Type) {
    self.proxyType = proxyType
  }

  /// The factory of `Proxy`'s family; the first time, `Proxy.registerKnownImplementations()` fills it.
  static func shared<Proxy: DelegateProxyType>(for _: Proxy.Type) -> ProxyFactory {
    if let factory = factories[Proxy.identifier] { return factory }
    let factory = ProxyFactory(proxyType: Proxy.self)
    factories[Proxy.identifier] = factory
    Proxy.registerKnownImplementations()
    return factory
  }

  /// Registers `make` for objects of class `parent` and its subclasses; a second maker for one
  /// class is refused and reported.
  func register(_ parent: Any.Type, make: @escaping @MainActor (AnyObject) -> AnyObject) {
    guard makers[ObjectIdentifier(parent)] == nil else {
      Hooks.diagnostic(
        .delegateProxyMisuse("\(proxyType) already has a factory for \(parent); the second registration was ignored."))
      return
    }
    makers[ObjectIdentifier(parent)] = make
  }

  /// A proxy from the maker of `object`'s class or its nearest superclass that has one.
  func make(for object: AnyObject) -> AnyObject? {
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      if let make = makers[ObjectIdentifier(current.subjectType)] { return make(object) }
      mirror = current.superclassMirror
    }
    return nil
  }
}
