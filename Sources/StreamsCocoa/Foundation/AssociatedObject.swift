#if canImport(ObjectiveC)
  import ObjectiveC

  /// The object `object` keeps for `owner` (one per owner type), made by `make` and attached the
  /// first time; `object` retains it and the Objective-C runtime releases it as `object` is
  /// deallocated.
  func associatedObject<Value: AnyObject>(on object: AnyObject, for owner: Any.Type, make: () -> Value) -> Value {
    // The key: the address of `owner`'s metadata, unique and constant.
    let key = UnsafeRawPointer(bitPattern: Int(bitPattern: ObjectIdentifier(owner)))!
    // Lock held (the object's own recursive `objc_sync` lock, as RxCocoa takes): `make` only builds
    // the value, calling out to no observer.
    objc_sync_enter(object)
    defer { objc_sync_exit(object) }
    if let value = objc_getAssociatedObject(object, key) as? Value { return value }
    let value = make()
    objc_setAssociatedObject(object, key, value, .OBJC_ASSOCIATION_RETAIN)
    return value
  }
#endif
