import Streams

/// A sequence that never fails, delivers on its sharing strategy's scheduler, and shares one
/// subscription to its source among all its subscribers.
///
/// `SharedSequence` is the shape behind ``Driver`` (shares and replays the latest element) and
/// ``Signal`` (shares without replay). Build one with `asDriver(onErrorJustReturn:)`,
/// `asSignal(onErrorJustReturn:)` and friends, or with the factories (`just`, `of`, `from`, …), and
/// transform it with the operators in this module, which keep it a `SharedSequence`.
///
/// The contract, for every instance built through this module:
/// - it never sends `.error` (every conversion says what to do with the source's error);
/// - its events arrive on `SharingStrategy.scheduler` (the main thread, unless
///   ``SharingScheduler/mock(scheduler:action:)`` replaced it);
/// - subscribers share one subscription to the source, as `SharingStrategy.share(_:)` says.
///
/// It is `Sendable`, as the `Observable` it holds is: subscribe from any thread or task; the
/// elements arrive on the sharing scheduler all the same.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType,
  ObservableConvertibleType, Sendable
{
  let source: Observable<Element>

  /// Shares `source` with the strategy's rule.
  init(_ source: Observable<Element>) {
    self.source = SharingStrategy.share(source)
  }

  /// Wraps `source` as it is: for factories whose every subscription is cheap and identical
  /// (`just`, `of`, `never`, …), which RxCocoa does not share either.
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// The shared sequence as a plain observable (which never sends `.error`).
  public func asObservable() -> Observable<Element> { source }

  /// Returns `self`.
  public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }

  /// The shared sequence as an `Infallible`; it completes if it ever failed (it cannot).
  public func asInfallible() -> Infallible<Element> {
    asInfallible(onErrorFallbackTo: .empty())
  }
}

/// How a ``SharedSequence`` delivers and shares: ``DriverSharingStrategy`` and
/// ``SignalSharingStrategy`` are the two built in.
public protocol SharingStrategyProtocol {
  /// The scheduler every event of the shared sequence is delivered on.
  ///
  /// The built-in strategies return ``SharingScheduler/make`` each time they are asked, so
  /// ``SharingScheduler/mock(scheduler:action:)`` reaches every sequence built inside it.
  static var scheduler: SchedulerType { get }

  /// Makes `source` shared among its subscribers (for example with `share(replay:scope:)`).
  static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be converted to a ``SharedSequence``.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
  /// The sharing strategy of the converted sequence.
  associatedtype SharingStrategy: SharingStrategyProtocol

  /// Converts `self` to a ``SharedSequence``.
  func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
  /// The shared sequence as a plain observable (which never sends `.error`).
  public func asObservable() -> Observable<Element> {
    asSharedSequence().asObservable()
  }
}
