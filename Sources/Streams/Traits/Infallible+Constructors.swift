import Dispatch

extension InfallibleType {
  /// An infallible sequence of one element, then completion.
  public static func just(_ element: Element) -> Infallible<Element> {
    Infallible(.just(element))
  }

  /// An infallible sequence of one element sent on `scheduler`, then completion.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
    Infallible(.just(element, scheduler: scheduler))
  }

  /// An infallible sequence that never sends anything.
  public static func never() -> Infallible<Element> {
    Infallible(.never())
  }

  /// An infallible sequence that completes at once.
  public static func empty() -> Infallible<Element> {
    Infallible(.empty())
  }

  /// Calls `factory` for each subscriber and subscribes it to the sequence it returns.
  ///
  /// A `factory` that throws sends the error (as RxSwift's does, despite the type).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func deferred(
    _ factory: @escaping @isolated(any) () throws -> Infallible<Element>
  ) -> Infallible<Element> {
    let factory = Isolation.checked(factory, "deferred")
    return Infallible(.deferred { try factory().asObservable() })
  }

  /// An infallible sequence that repeats `element` forever, one per step of `scheduler`.
  public static func repeatElement(
    _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> {
    Infallible(.repeatElement(element, scheduler: scheduler))
  }

  /// Creates a resource for each subscriber and an infallible sequence that uses it; the resource
  /// is disposed with the subscription.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping @isolated(any) () -> Resource,
    infallibleFactory: @escaping @isolated(any) (Resource) -> Infallible<Element>
  ) -> Infallible<Element> {
    let name: StaticString = "using(_:infallibleFactory:)"
    let resourceFactory =
      Isolation.checked(resourceFactory, name)
    let infallibleFactory =
      Isolation.checked(infallibleFactory, name)
    return Infallible(.using(resourceFactory) { infallibleFactory($0).asObservable() })
  }
}

extension InfallibleType where Element: BinaryInteger {
  /// An infallible sequence that sends `0` after `dueTime`, then, if `period` is given, `1`, `2`, …
  /// every `period`; without a period it completes after the `0`.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
    -> Infallible<Element>
  {
    Infallible(.timer(dueTime, period: period, scheduler: scheduler))
  }

  /// An infallible sequence that sends `0`, `1`, `2`, … every `period`.
  public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
    Infallible(.interval(period, scheduler: scheduler))
  }
}

extension Infallible {
  /// An infallible sequence of the given elements, one per step of `scheduler`, then completion.
  public static func of(
    _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> {
    Infallible(.from(elements, scheduler: scheduler))
  }

  /// An infallible sequence of the elements of `array`, one per step of `scheduler`, then completion.
  public static func from(
    _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> {
    Infallible(.from(array, scheduler: scheduler))
  }

  /// An infallible sequence of the elements of `sequence`, one per step of `scheduler`, then
  /// completion.
  public static func from<Sequence: Swift.Sequence>(
    _ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Infallible<Element> where Sequence.Element == Element {
    Infallible(.from(sequence, scheduler: scheduler))
  }
}
