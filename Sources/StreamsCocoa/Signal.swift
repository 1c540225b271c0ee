import Streams

/// A shared sequence for events (taps, one-off notices): it never fails, delivers on the main
/// thread, and replays nothing.
///
/// All subscribers share one subscription to the source (`share(scope: .whileConnected)`): the
/// source starts with the first subscriber and stops when the last one leaves. A new subscriber
/// sees only what happens after it subscribes. Subscribe with `emit(…)`. For state that a new
/// subscriber must see at once, use ``Driver``.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing strategy of ``Signal``: deliver on ``SharingScheduler/make``, share with
/// `share(scope: .whileConnected)` and no replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
  /// A new scheduler from ``SharingScheduler/make`` (the main thread unless mocked).
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  /// Shares `source` without replay while connected.
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(scope: .whileConnected)
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Returns this sequence as a ``Signal``.
  public func asSignal() -> Signal<Element> {
    asSharedSequence()
  }
}

extension ObservableConvertibleType where Element: Sendable {
  /// Converts this sequence to a ``Signal`` that, on error, sends `onErrorJustReturn` and
  /// completes.
  public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
    asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
  }

  /// Converts this sequence to a ``Signal`` that, on error, continues with `onErrorSignalWith`.
  public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
    asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorDriveWith: onErrorSignalWith)
  }

  /// Converts this sequence to a ``Signal`` that, on error, continues with the signal
  /// `onErrorRecover` returns for it.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func asSignal(onErrorRecover: @escaping @isolated(any) (_ error: Swift.Error) -> Signal<Element>) -> Signal<
    Element
  > {
    asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorRecover: onErrorRecover)
  }
}

extension PublishRelay where Element: Sendable {
  /// The relay as a ``Signal``: each accepted value, on the main thread.
  public func asSignal() -> Signal<Element> {
    Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
  }
}
