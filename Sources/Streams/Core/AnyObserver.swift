/// A type-erased observer: forwards every event to a closure or to a wrapped observer.
public struct AnyObserver<Element>: ObserverType {
  /// The closure that receives the events.
  public typealias EventHandler = (Event<Element>) -> Void

  @usableFromInline let handler: EventHandler

  /// Creates an observer that calls `eventHandler` for each event.
  public init(
    eventHandler: @escaping EventHandler
  ) {
    self.handler =
      Isolation.checked(eventHandler, "AnyObserver(eventHandler:)")
  }

  /// Creates an observer that forwards each event to `observer`.
  public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    self.handler = observer.on
  }

  /// Forwards `event` to the wrapped handler.
  @inlinable
  public func on(_ event: Event<Element>) { handler(event) }

  /// Returns `self`.
  public func asObserver() -> AnyObserver<Element> { self }
}

// Unchecked: only a `let` of the handler, which runs on whichever thread sends, as in RxSwift.
extension AnyObserver: @unchecked Sendable {}
