import Dispatch
import Streams

extension SharedSequenceConvertibleType where Element: Sendable {
  /// Sends at most one element per `dueTime` window, timed on the sharing scheduler: the first at
  /// once, and, if `latest`, the newest one dropped in the window when it ends.
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
  }

  /// Sends an element only once `dueTime` has passed without a newer one, timed on the sharing
  /// scheduler.
  public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Shifts every element and the completion later by `dueTime`, on the sharing scheduler.
  public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
  }
}
