import Dispatch
import Streams

extension SharedSequence {
  /// A shared sequence that completes at once, on the sharing scheduler.
  public static func empty() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
  }

  /// A shared sequence that never sends anything.
  public static func never() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.never())
  }

  /// A shared sequence of `element`, then completion, sent on the sharing scheduler.
  public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
  }

  /// A shared sequence that calls `observableFactory` for each new connection and follows the
  /// shared sequence it returns.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func deferred(
    _ observableFactory: @escaping @isolated(any) () -> SharedSequence<SharingStrategy, Element>
  )
    -> SharedSequence<SharingStrategy, Element>
  {
    let observableFactory = Isolation.checked(observableFactory, "deferred")
    return SharedSequence(Observable.deferred { observableFactory().asObservable() })
  }

  /// A shared sequence of `elements`, one per step of the sharing scheduler, then completion.
  public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
  }

  /// A shared sequence of the elements of `array`, one per step of the sharing scheduler, then
  /// completion.
  public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
  }

  /// A shared sequence of the elements of `sequence`, one per step of the sharing scheduler, then
  /// completion.
  public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
  where Sequence.Element == Element {
    SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
  }

  /// A shared sequence of `optional`'s value if it has one, then completion, sent on the sharing
  /// scheduler.
  public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
  }
}

extension SharedSequence where Element: FixedWidthInteger {
  /// A shared sequence of `0, 1, 2, …`, one every `period` on the sharing scheduler.
  public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
  }

  /// A shared sequence that sends `0` after `dueTime`, then `1, 2, …` every `period`, on the
  /// sharing scheduler.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
  }
}
