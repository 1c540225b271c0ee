import Foundation
import Streams

/// A one-shot signal: `fire()` from any thread, `wait()` from a task; either may come first.
final class BridgeSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var fired = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func fire() {
    lock.lock()
    if fired {
      lock.unlock()
      return
    }
    fired = true
    let waiting = waiters
    waiters = []
    lock.unlock()
    for waiter in waiting { waiter.resume() }
  }

  var isFired: Bool {
    lock.lock()
    defer { lock.unlock() }
    return fired
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if fired {
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append(continuation)
        lock.unlock()
      }
    }
  }
}

/// Counts arrivals; `wait(for:)` returns once that many arrived.
final class BridgeArrivals: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

  func arrive() {
    lock.lock()
    count += 1
    let ready = waiters.filter { $0.0 <= count }
    waiters.removeAll { $0.0 <= count }
    lock.unlock()
    for (_, waiter) in ready { waiter.resume() }
  }

  func wait(for expected: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if count >= expected {
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append((expected, continuation))
        lock.unlock()
      }
    }
  }
}

/// A value behind a lock, shareable between threads and tasks (also for non-Sendable values that
/// are handed over at a known synchronization point).
final class BridgeLocked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) {
    stored = value
  }

  var value: Value {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }

  func mutate<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&stored)
  }
}

/// An object a subscription keeps alive; its weak reference tells whether the subscription was
/// released.
final class BridgeProbe: @unchecked Sendable {}

/// A weak reference readable from any thread.
final class BridgeWeak: @unchecked Sendable {
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
  let probe = BridgeWeak()
  let subscriptions = BridgeLocked(0)

  var observable: Observable<Int> {
    let (subject, probe, subscriptions) = (self.subject, self.probe, self.subscriptions)
    return Observable<Int>.create { observer in
      subscriptions.mutate { $0 += 1 }
      let held = BridgeProbe()
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

/// An error for tests.
struct BridgeTestError: Error, Equatable {
  let code: Int
}
