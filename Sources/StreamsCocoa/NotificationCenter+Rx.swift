import Foundation
import Streams

extension Reactive where Base: NotificationCenter {
  /// The notifications posted to this center, as they are posted.
  ///
  /// Each subscription adds an observer block to the center (no queue: elements arrive on the
  /// thread that posts) and removes it when disposed. `name` and `object` filter as in
  /// `addObserver(forName:object:queue:using:)`; `nil` matches any. `object` is held weakly: once
  /// it is gone, later subscriptions filter on no object. Never completes nor fails.
  public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
    let center = UncheckedCenter(base)
    return Observable.create { [weak object] observer in
      let token = center.value.addObserver(forName: name, object: object, queue: nil) { notification in
        observer.on(.next(notification))
      }
      return Disposables.create {
        center.value.removeObserver(token)
      }
    }
  }
}

/// A notification center carried into `@Sendable` closures; `NotificationCenter` is thread-safe.
private struct UncheckedCenter: @unchecked Sendable {
  // Unchecked: `NotificationCenter` is thread-safe; the reference is a `let`.
  let value: NotificationCenter
  init(_ value: NotificationCenter) { self.value = value }
}

// On Apple platforms `NotificationCenter` is an `NSObject` (so `ReactiveCompatible` through Streams).
// The open-source Foundation of Swift 6.2 and later made it a root class: give it `.rx` here.
#if !canImport(ObjectiveC) && compiler(>=6.2)
  extension NotificationCenter: ReactiveCompatible {}
#endif
