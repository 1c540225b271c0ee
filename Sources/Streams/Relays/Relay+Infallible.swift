extension PublishRelay {
  /// The relay as an ``Infallible``: it never fails or completes.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension BehaviorRelay {
  /// The relay as an ``Infallible``: it never fails or completes.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension ReplayRelay {
  /// The relay as an ``Infallible``: it never fails or completes.
  public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
