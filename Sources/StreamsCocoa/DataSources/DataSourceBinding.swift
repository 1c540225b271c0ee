import Streams

extension ObservableType where Element: Sendable {
  /// Binds this sequence to `object` through `dataSource`, installed as the forward data source of
  /// `object`'s `Proxy` while bound: RxCocoa's rules for `rx.items`.
  ///
  /// Elements are handed to `binding` on the main thread. An error is reported to
  /// `Hooks.diagnostic` as a `bindingError` (RxCocoa traps in debug builds); after it, as after
  /// completion, the data source keeps the last elements. The binding ends when `object` is deallocated
  /// (`deallocated`) or the returned disposable is disposed, which removes `dataSource`.
  /// Elements are `Sendable`: they cross to the main thread. `layout` flushes the object's pending layout before and after (UIKit's `layoutIfNeeded`,
  /// if the view is in a window). When `object`'s proxy already forwards to a data source (another
  /// one, or this one bound by another binding), nothing is bound: the misuse is reported to
  /// `Hooks.diagnostic` as a `Diagnostic.delegateProxyMisuse`.
  @MainActor
  package func subscribeProxyDataSource<Proxy: DelegateProxyType>(
    _: Proxy.Type, of object: Proxy.ParentObject, dataSource: Proxy.Delegate, retainDataSource: Bool,
    deallocated: Observable<Void>, layout: @escaping @MainActor (Proxy.ParentObject) -> Void,
    binding: @escaping @MainActor (Proxy, Event<Element>) -> Void
  ) -> Disposable {
    let proxy = Proxy.proxy(for: object)
    if let bound = proxy.forwardToDelegate() {
      // Another binding owns the data source, even if it is this one: refused.
      Hooks.diagnostic(
        .delegateProxyMisuse(
          "\(type(of: object)) is already bound to \(type(of: bound as AnyObject)) through \(Proxy.self); "
            + "the second binding was refused. Dispose the first binding (or set the data source to nil) first."))
      return Disposables.create()
    }
    let uninstall = Proxy.installForwardDelegate(dataSource, retainDelegate: retainDataSource, onProxyForObject: object)
    layout(object)
    let subscription = asObservable()
      .observe(on: MainScheduler.instance)
      .catch { error in
        Hooks.diagnostic(.bindingError("\(error)"))
        return Observable.empty()
      }
      // The data source stays bound after the source completes: it keeps the last elements.
      .concat(Observable.never())
      .take(until: deallocated)
      .subscribe { (event: Event<Element>) in
        MainActorDelivery.run("items") {
          binding(proxy, event)
          if event.isStopEvent { uninstall.dispose() }
        }
      }
    return Disposables.create { [weak object] in
      subscription.dispose()
      MainActorDelivery.runNowOrEnqueue("DelegateProxy") {
        if let object { layout(object) }
        uninstall.dispose()
      }
    }
  }
}
