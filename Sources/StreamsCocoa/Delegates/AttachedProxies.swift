#if canImport(ObjectiveC)
  import ObjectiveC
#endif

/// Where an object keeps its delegate proxies: one per key (a delegate protocol), retained by the
/// object and released with it.
///
/// On Apple platforms a proxy is an associated object of its parent, which the Objective-C
/// runtime releases as the parent is deallocated. Elsewhere (the core's tests on Linux) a table
/// holds each proxy beside a weak reference to its parent, and drops the proxies of deallocated
/// parents each time a proxy is attached.
@MainActor
enum AttachedProxies {
  /// The proxy attached to `object` under `key`, if any.
  static func proxy(of object: AnyObject, key: UnsafeRawPointer) -> AnyObject? {
    #if canImport(ObjectiveC)
      objc_getAssociatedObject(object, key) as AnyObject?
    #else
      table[ObjectIdentifier(object)].flatMap { $0.owner === object ? $0.proxies[key] : nil }
    #endif
  }

  /// Attaches `proxy` to `object` under `key`, replacing the one attached before.
  static func attach(_ proxy: AnyObject, to object: AnyObject, key: UnsafeRawPointer) {
    #if canImport(ObjectiveC)
      objc_setAssociatedObject(object, key, proxy, .OBJC_ASSOCIATION_RETAIN)
    #else
      table = table.filter { $0.value.owner != nil }
      let id = ObjectIdentifier(object)
      if table[id]?.owner !== object { table[id] = Entry(owner: object) }
      table[id]?.proxies[key] = proxy
    #endif
  }

  #if !canImport(ObjectiveC)
    private struct Entry {
      weak var owner: AnyObject?
      var proxies: [UnsafeRawPointer: AnyObject] = [:]
    }

    private static var table: [ObjectIdentifier: Entry] = [:]
  #endif
}
