import Dispatch
import Foundation
import Streams
import Testing

@Suite("Grammar and disposal")
struct GrammarTests {
  @Test("Nothing is delivered after a terminal event")
  func nothingAfterTerminal() {
    let recorder = Recorder<Int>()
    _ = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onCompleted()
      observer.onNext(2)
      observer.onError(TestError())
      observer.onCompleted()
      return Disposables.create()
    }.subscribe(recorder)
    #expect(recorder.events.count == 2)
    #expect(recorder.elements == [1])
    #expect(recorder.isCompleted)
  }

  @Test("onDisposed runs exactly once, on the terminal event")
  func onDisposedOnceOnTerminal() {
    let log = Log()
    let subscription = Observable.of(1, 2).subscribe(
      onNext: { log("next \($0)") }, onCompleted: { log("completed") }, onDisposed: { log("disposed") })
    subscription.dispose()
    subscription.dispose()
    #expect(log.entries == ["next 1", "next 2", "completed", "disposed"])
  }

  @Test("onDisposed runs exactly once, on dispose")
  func onDisposedOnceOnDispose() {
    let log = Log()
    let subscription = Observable<Int>.never().subscribe(onDisposed: { log("disposed") })
    #expect(log.entries.isEmpty)
    subscription.dispose()
    subscription.dispose()
    #expect(log.entries == ["disposed"])
  }

  @Test("onDisposed runs once after an error")
  func onDisposedAfterError() {
    let log = Log()
    _ = Observable<Int>.error(TestError()).subscribe(
      onError: { log("error \($0)") }, onDisposed: { log("disposed") })
    #expect(log.entries == ["error TestError(0)", "disposed"])
  }

  @Test("An error without onError goes to the unhandled-error hook")
  func unhandledErrorHook() {
    let received = Counter()
    let previous = Hooks.unhandledError
    Hooks.unhandledError = { _ in received.increment() }
    defer { Hooks.unhandledError = previous }
    _ = Observable<Int>.error(TestError()).subscribe(onNext: { _ in })
    #expect(received.value == 1)
  }

  @Test("A disposable returned after a terminal event is disposed as soon as it is assigned")
  func lateDisposableDisposedAtOnce() {
    let disposed = Counter()
    _ = Observable<Int>.create { observer in
      observer.onCompleted()
      return Disposables.create { disposed.increment() }
    }.subscribe()
    #expect(disposed.value == 1)
  }

  @Test("Disposing stops delivery and disposes the source once")
  func disposeStopsDelivery() {
    let disposed = Counter()
    var captured: AnyObserver<Int>?
    let recorder = Recorder<Int>()
    let subscription = Observable<Int>.create { observer in
      captured = observer
      return Disposables.create { disposed.increment() }
    }.subscribe(recorder)
    captured?.onNext(1)
    subscription.dispose()
    subscription.dispose()
    captured?.onNext(2)
    #expect(recorder.elements == [1])
    #expect(disposed.value == 1)
  }

  @Test("A subscription does not retain the create closure after it ends")
  func createClosureReleased() {
    weak var weakTracked: Tracked?
    var subscription: Disposable?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let source = Observable<Int>.create { observer in
        _ = tracked
        return Disposables.create()
      }
      subscription = source.map { $0 + 1 }.subscribe(onNext: { _ in })
    }
    #expect(weakTracked == nil)
    subscription?.dispose()
  }

  @Test("After dispose, the observer, its closures and the subscription are released")
  func observerReleasedAfterDispose() {
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    weak var weakSubscription: AnyObject?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = subject.map { $0 * 2 }.filter { _ in true }.subscribe(onNext: { _ in _ = tracked })
      weakSubscription = subscription as AnyObject
      subject.onNext(1)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
    #expect(weakSubscription == nil)
    #expect(!subject.hasObservers)
  }

  @Test("After a terminal event, the observer and closures are released even without dispose")
  func observerReleasedAfterTerminal() {
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    var subscription: Disposable?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = subject.map { $0 }.subscribe(onNext: { _ in _ = tracked })
    }
    subject.onCompleted()
    #expect(weakTracked == nil)
    _ = subscription
  }

  @Test("do: side effects run in the documented order for a synchronous source")
  func doOrdering() {
    let log = Log()
    let source = Observable<Int>.create { observer in
      log("source subscribe")
      observer.onNext(1)
      observer.onCompleted()
      return Disposables.create { log("source dispose") }
    }
    _ = source.do(
      onNext: { log("onNext \($0)") },
      onCompleted: { log("onCompleted") },
      onSubscribe: { log("onSubscribe") },
      onSubscribed: { log("onSubscribed") },
      onDispose: { log("onDispose") }
    ).subscribe()
    #expect(
      log.entries == [
        "onSubscribe", "source subscribe", "onNext 1", "onCompleted", "source dispose", "onSubscribed",
        "onDispose",
      ])
  }

  @Test("do: an error thrown by onNext becomes the sequence's error and disposes upstream")
  func doThrowingHandler() {
    let disposed = Counter()
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = subject.do(onDispose: { disposed.increment() })
      .do(onNext: { if $0 == 2 { throw TestError(id: 2) } })
      .subscribe(recorder)
    subject.onNext(1)
    subject.onNext(2)
    subject.onNext(3)
    #expect(recorder.elements == [1])
    #expect(recorder.error as? TestError == TestError(id: 2))
    #expect(disposed.value == 1)
    #expect(!subject.hasObservers)
  }

  @Test("An error thrown by a map closure disposes upstream in the same call")
  func mapThrowDisposesUpstream() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = subject.map { value -> Int in
      if value == 2 { throw TestError(id: 9) }
      return value
    }.subscribe(recorder)
    subject.onNext(1)
    subject.onNext(2)
    #expect(!subject.hasObservers)
    #expect(recorder.elements == [1])
    #expect(recorder.error as? TestError == TestError(id: 9))
  }

  @Test("subscribe(with:) passes the object while alive and stops once it is gone")
  func subscribeWithObject() {
    final class Owner { var seen: [Int] = [] }
    let subject = PublishSubject<Int>()
    var owner: Owner? = Owner()
    weak let weakOwner = owner
    let subscription = subject.subscribe(with: owner!, onNext: { owner, value in owner.seen.append(value) })
    subject.onNext(1)
    #expect(owner?.seen == [1])
    owner = nil
    #expect(weakOwner == nil)
    subject.onNext(2)
    subscription.dispose()
  }
}

/// A subscription that ends on another thread while `subscribe` is still handing it over:
/// whichever side comes second disposes the source's subscription, exactly once.
@Suite("A subscription ending while it is being set up")
struct SubscriptionHandOverTests {
  @Test("A source that completes on another thread during subscribe is disposed once")
  func completionDuringSubscribe() {
    let rounds = 2_000
    let disposals = (0..<rounds).map { _ in Counter() }
    let finished = DispatchSemaphore(value: 0)
    for round in 0..<rounds {
      let observable = Observable<Int>.create { observer in
        // Ends on another thread, racing this `subscribe`, which hands its subscription over
        // as soon as this closure returns.
        Thread.detachNewThread {
          observer.onCompleted()
          finished.signal()
        }
        return Disposables.create { disposals[round].increment() }
      }
      _ = observable.map { $0 + 1 }.subscribe()
    }
    for _ in 0..<rounds {
      #expect(Watchdog.wait(finished))
    }
    let counts = disposals.map(\.value)
    #expect(counts.filter { $0 != 1 }.isEmpty, "disposed other than once: \(counts.filter { $0 != 1 }.count)")
  }
}
