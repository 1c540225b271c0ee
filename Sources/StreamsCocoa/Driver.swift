import Streams

/// A shared sequence for state that drives the UI: it never fails, delivers on the main thread,
/// and replays its latest element to each new subscriber.
///
/// All subscribers share one subscription to the source (`share(replay: 1, scope:
/// .whileConnected)`): the source starts with the first subscriber and stops when the last one
/// leaves; a later subscriber starts it again. Subscribe with `drive(…)` from the main thread, so
/// that the replayed element arrives there too. For events that must not be replayed, use
/// ``Signal``.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing strategy of ``Driver``: deliver on ``SharingScheduler/make``, share with
/// `share(replay: 1, scope: .whileConnected)`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
  /// A new scheduler from ``SharingScheduler/make`` (the main thread unless mocked).
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  /// Shares `source` and replays its latest element while connected.
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(replay: 1, scope: .whileConnected)
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Returns this sequence as a ``Driver``.
  public func asDriver() -> Driver<Element> {
    asSharedSequence()
  }
}

extension ObservableConvertibleType where Element: Sendable {
  /// Converts this sequence to a ``Driver`` that, on error, sends `onErrorJustReturn` and
  /// completes.
  public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
    asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
  }

  /// Converts this sequence to a ``Driver`` that, on error, continues with `onErrorDriveWith`.
  public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
    asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorDriveWith: onErrorDriveWith)
  }

  /// Converts this sequence to a ``Driver`` that, on error, continues with the driver
  /// `onErrorRecover` returns for it.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func asDriver(onErrorRecover: @escaping @isolated(any) (_ error: Swift.Error) -> Driver<Element>) -> Driver<
    Element
  > {
    asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorRecover: onErrorRecover)
  }
}

extension BehaviorRelay where Element: Sendable {
  /// The relay as a ``Driver``: its current value, then each accepted value, on the main thread.
  public func asDriver() -> Driver<Element> {
    Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
  }
}

extension Infallible where Element: Sendable {
  /// The infallible sequence as a ``Driver``, delivering on the main thread.
  public func asDriver() -> Driver<Element> {
    Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
  }
}
