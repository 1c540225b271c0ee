/// Something that receives the events of an observable sequence.
///
/// - Important: Events to one observer are delivered serially: a sequence never calls `on(_:)`
///   again before the previous call returned, and never after a terminal event.
public protocol ObserverType<Element> {
  /// The type of the elements the observer receives.
  associatedtype Element

  /// Receives one event.
  func on(_ event: Event<Element>)

  /// Receives `.next(element)`; the same as `on(.next(element))`, which the default does.
  ///
  /// A requirement so that operators can pass an element to the next one without building an
  /// `Event`: in unspecialized generic code, building or switching over `Event<T>` looks up its
  /// metadata on every call.
  func onNext(_ element: Element)

  /// Receives `.completed`; the same as `on(.completed)`, which the default does. A requirement
  /// for the same reason as ``onNext(_:)``.
  func onCompleted()
}

extension ObserverType {
  /// Sends `.next(element)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  @inlinable
  public func onNext(_ element: Element) { on(.next(element)) }

  /// Sends `.completed`.
  @inlinable
  public func onCompleted() { on(.completed) }

  /// Sends `.error(error)`.
  @inlinable
  public func onError(_ error: Swift.Error) { on(.error(error)) }

  /// Wraps this observer in a type-erased ``AnyObserver``.
  public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

  /// An observer that transforms each element with `transform` before sending it here.
  public func mapObserver<Source>(
    _ transform: @escaping @isolated(any) (Source) throws -> Element
  ) -> AnyObserver<Source> {
    let transform = Isolation.checked(transform, "mapObserver")
    return AnyObserver { event in self.on(event.map(transform)) }
  }
}
