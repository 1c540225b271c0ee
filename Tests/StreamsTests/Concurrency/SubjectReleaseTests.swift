import Dispatch
import Foundation
import Streams
import Testing

/// Subjects release observers and values after unlocking, so a `deinit` that sends to the same
/// subject (or asks it whether it has observers) runs without the subject's lock held. With the
/// release under the lock, that `deinit` waits for the lock its own thread holds.
@Suite("Subjects release observers and values outside their lock")
struct SubjectReleaseTests {
  /// Calls `action` when deinitialized.
  final class Owner: @unchecked Sendable {
    let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
  }

  /// Runs `body` on another thread; whether it returned within ``Watchdog/patience`` (a thread
  /// that deadlocked stays blocked).
  func finishes(_ body: @escaping @Sendable () -> Void) -> Bool {
    Watchdog.run([body])
  }

  /// Subscribes an observer that holds the only reference to an owner whose deinit calls
  /// `touch`, then disposes the subscription.
  func disposeSubscription<S: ObservableType>(_ source: S, _ touch: @escaping @Sendable () -> Void) -> Bool
  where S: Sendable {
    finishes {
      var owner: Owner? = Owner(touch)
      let subscription = source.subscribe(onNext: { [owner] _ in withExtendedLifetime(owner) {} })
      owner = nil
      subscription.dispose()
    }
  }

  @Test("Disposing a subscription releases its observer after unlocking")
  func unsubscribeReleasesOutsideLock() {
    let publish = PublishSubject<Int>()
    #expect(disposeSubscription(publish) { publish.onNext(0) })
    let behavior = BehaviorSubject(value: 0)
    #expect(disposeSubscription(behavior) { behavior.onNext(1) })
    let replay = ReplaySubject<Int>.create(bufferSize: 1)
    #expect(disposeSubscription(replay) { replay.onNext(1) })
    let async = AsyncSubject<Int>()
    #expect(disposeSubscription(async) { async.onNext(1) })
  }

  @Test("Disposing a relay's subscription releases its observer after unlocking")
  func relayUnsubscribeReleasesOutsideLock() {
    let publish = PublishRelay<Int>()
    #expect(disposeSubscription(publish) { publish.accept(0) })
    let behavior = BehaviorRelay(value: 0)
    #expect(disposeSubscription(behavior) { behavior.accept(1) })
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    #expect(disposeSubscription(replay) { _ = replay.hasObservers })
  }

  /// Stores an owner whose deinit calls `touch` in `subject` through `store`, then overwrites
  /// it through `overwrite`.
  func overwrite(
    store: @escaping @Sendable (Owner) -> Void, overwrite: @escaping @Sendable () -> Void,
    _ touch: @escaping @Sendable () -> Void
  ) -> Bool {
    finishes {
      store(Owner(touch))
      overwrite()
    }
  }

  @Test("Overwriting a subject's stored value releases it after unlocking")
  func overwriteReleasesOutsideLock() {
    let behavior = BehaviorSubject<Owner?>(value: nil)
    #expect(
      overwrite(store: { behavior.onNext($0) }, overwrite: { behavior.onNext(nil) }) { behavior.onNext(nil) })
    let replay = ReplaySubject<Owner?>.create(bufferSize: 1)
    #expect(overwrite(store: { replay.onNext($0) }, overwrite: { replay.onNext(nil) }) { replay.onNext(nil) })
    let async = AsyncSubject<Owner?>()
    #expect(overwrite(store: { async.onNext($0) }, overwrite: { async.onNext(nil) }) { async.onNext(nil) })
    let behaviorRelay = BehaviorRelay<Owner?>(value: nil)
    #expect(
      overwrite(store: { behaviorRelay.accept($0) }, overwrite: { behaviorRelay.accept(nil) }) {
        behaviorRelay.accept(nil)
      })
    let replayRelay = ReplayRelay<Owner?>.create(bufferSize: 1)
    #expect(
      overwrite(store: { replayRelay.accept($0) }, overwrite: { replayRelay.accept(nil) }) {
        replayRelay.accept(nil)
      })
  }

  /// Subscribes an observer that holds the only reference to an owner whose deinit sends to
  /// `subject`, then disposes the subject.
  func disposeSubject<S: SubjectType & Cancelable & Sendable>(_ subject: S) -> Bool
  where S.Observer.Element == Int, S.Element == Int {
    finishes {
      var owner: Owner? = Owner { subject.asObserver().onNext(0) }
      _ = subject.subscribe(onNext: { [owner] _ in withExtendedLifetime(owner) {} })
      owner = nil
      subject.dispose()
    }
  }

  @Test("Disposing a subject releases its observers after unlocking")
  func disposeReleasesObserversOutsideLock() {
    #expect(disposeSubject(PublishSubject<Int>()))
    #expect(disposeSubject(BehaviorSubject(value: 0)))
    #expect(disposeSubject(ReplaySubject<Int>.create(bufferSize: 1)))
    #expect(disposeSubject(AsyncSubject<Int>()))
  }

  @Test("Disposing a subject releases its stored values after unlocking")
  func disposeReleasesValuesOutsideLock() {
    let replay = ReplaySubject<Owner?>.createUnbounded()
    #expect(
      finishes {
        replay.onNext(Owner { replay.onNext(nil) }); replay.dispose()
      })
    let async = AsyncSubject<Owner?>()
    #expect(
      finishes {
        async.onNext(Owner { async.onNext(nil) }); async.dispose()
      })
  }
}
