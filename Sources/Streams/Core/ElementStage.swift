/// What one ``ElementOperator`` does: its parameters, the state each subscription keeps, and what
/// it does with each element.
///
/// A stage is a value made once per operator that holds only the operator's parameters, and is
/// shared by its subscriptions. Each subscription's ``ElementSink`` holds it beside a fresh
/// ``State`` from ``makeState()`` and calls the stage's static handlers with itself. A handler
/// reads the parameters from `sink.stage` and the state from `sink.state` (each access ends before
/// anything is sent, since an observer may re-enter the sink), sends with ``Sink/forwardNext(_:)``,
/// and reports an error its closure threw with ``Sink/forwardErrorAndDispose(_:)``.
///
/// The handlers are static and generic over the downstream observer, so that the one sink class
/// serves every stage while each stage's code runs with its own types: in unspecialized generic
/// code, an element's path then builds no `Event` or `Optional` and looks up no metadata.
protocol ElementStage {
  /// The source's element type.
  associatedtype Element
  /// The element type sent downstream.
  associatedtype Result = Element
  /// What one subscription keeps from one element to the next.
  associatedtype State = Void

  /// The state a new subscription starts with.
  func makeState() -> State

  /// Handles one element that the source sent to `sink`.
  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>)

  /// Handles the error or completion (never `.next`) that the source sent to `sink`. By default,
  /// forwards it and disposes upstream in the same tick.
  static func onTerminal<Observer>(_ event: Event<Result>, _ sink: ElementSink<Self, Observer>)

  /// Releases what `state` owns, when its subscription's sink is freed. By default, nothing.
  static func destroy(_ state: State)
}

extension ElementStage {
  static func onTerminal<Observer>(_ event: Event<Result>, _ sink: ElementSink<Self, Observer>) {
    sink.forwardOn(event)
    sink.dispose()
  }

  static func destroy(_ state: State) {}
}

extension ElementStage where State == Void {
  /// A stage without state keeps nothing between elements.
  func makeState() {}
}
