import Foundation
import Streams

/// A weak reference readable from any thread.
final class WeakReference: @unchecked Sendable {
  private let lock = NSLock()
  private weak var object: AnyObject?
  private var assigned = false

  func set(_ object: AnyObject) {
    lock.lock()
    self.object = object
    assigned = true
    lock.unlock()
  }

  /// Whether an object was registered and has since been deallocated.
  var isReleased: Bool {
    lock.lock()
    defer { lock.unlock() }
    return assigned && object == nil
  }
}

/// A source for lifetime tests: each subscription sends `0` at once, then forwards `subject`,
/// and holds a probe that is released when (and only when) the subscription is disposed.
struct TrackedSource {
  let subject = PublishSubject<Int>()
  let probe = WeakReference()
  let subscriptions = Locked(0)

  var observable: Observable<Int> {
    let (subject, probe, subscriptions) = (self.subject, self.probe, self.subscriptions)
    return Observable<Int>.create { observer in
      subscriptions.withLock { $0 += 1 }
      let held = Tracked()
      probe.set(held)
      observer.onNext(0)
      let inner = subject.subscribe(observer)
      return Disposables.create {
        inner.dispose()
        withExtendedLifetime(held) {}
      }
    }
  }
}
