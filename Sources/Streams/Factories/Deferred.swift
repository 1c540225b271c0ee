extension ObservableType {
  /// A sequence that calls `factory` for each subscriber and subscribes to the sequence it returns.
  ///
  /// An error thrown by `factory` is sent to the subscriber. The subscription does not keep
  /// `factory` alive.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func deferred(
    _ factory: @escaping @isolated(any) () throws -> Observable<Element>
  ) -> Observable<Element> {
    Deferred(Isolation.checked(factory, "deferred"))
  }
}

final class Deferred<Element>: Producer<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let factory: () throws -> Observable<Element>

  init(_ factory: @escaping () throws -> Observable<Element>) {
    self.factory = factory
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    do {
      return (sink, try factory().subscribe(sink))
    } catch {
      sink.on(.error(error))
      return (sink, Disposables.create())
    }
  }
}
