import Dispatch
import Streams
import Testing

/// A class that is not `Sendable`, for `observe(on:)` schedulers that never change thread.
private final class Box {
  var value: Int

  init(_ value: Int) {
    self.value = value
  }
}

/// What a nonisolated caller builds: the same chains as the main-actor tests, whose closures are
/// formed outside any actor.
private func nonisolatedChains(on scheduler: ConcurrentDispatchQueueScheduler, done: DispatchSemaphore) -> [Disposable]
{
  [
    Single.just(1).observe(on: scheduler).map { $0 + 1 }.subscribe(onSuccess: { _ in done.signal() }),
    Maybe.just(1).observe(on: scheduler).filter { $0 > 0 }.subscribe(onSuccess: { _ in done.signal() }),
  ]
}

@Suite("Traits: closures keep the caller's isolation", .serialized)
struct TraitIsolationTests {
  @Test(
    "A Single's map and subscribe(onSuccess:) closures formed on the main actor, run on a concurrent queue, are reported"
  )
  @MainActor
  func singleOffTheMainActor() async {
    let done = DispatchSemaphore(value: 0)
    let violations = await IsolationViolations.reported {
      let subscription = Single.just(1)
        .observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        .map { $0 + 1 }
        .subscribe(onSuccess: { _ in done.signal() })
      #expect(Watchdog.wait(done))
      subscription.dispose()
    }
    #expect(violations.map(\.operatorName) == ["map", "subscribe(onSuccess:onFailure:onDisposed:)"])
    #expect(violations.allSatisfy { $0.isolation == "MainActor" })
  }

  @Test(
    "A Maybe's filter and subscribe(onSuccess:) closures formed on the main actor, run on a concurrent queue, are reported"
  )
  @MainActor
  func maybeOffTheMainActor() async {
    let done = DispatchSemaphore(value: 0)
    let violations = await IsolationViolations.reported {
      let subscription = Maybe.just(1)
        .observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        .filter { $0 > 0 }
        .subscribe(onSuccess: { _ in done.signal() })
      #expect(Watchdog.wait(done))
      subscription.dispose()
    }
    #expect(
      violations.map(\.operatorName) == ["filter", "subscribe(onSuccess:onError:onCompleted:onDisposed:)"])
  }

  @Test("Each trait and Infallible closure API reports under its own name")
  @MainActor
  func eachApiReportsItsName() async {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let done = DispatchSemaphore(value: 0)
    let violations = await IsolationViolations.reported {
      let subscriptions = [
        Single.just(1).observe(on: scheduler).do(onSuccess: { _ in })
          .subscribe(onSuccess: { @Sendable _ in done.signal() }),
        Single.just(1).observe(on: scheduler).flatMap { Single.just($0) }
          .subscribe(onSuccess: { @Sendable _ in done.signal() }),
        Single<Int>.error(TestError()).observe(on: scheduler).catch { _ in .just(0) }
          .subscribe(onSuccess: { @Sendable _ in done.signal() }),
        Completable.empty().observe(on: scheduler).subscribe(onCompleted: { done.signal() }),
        Infallible.just(1).asObservable().observe(on: scheduler).asInfallible(onErrorJustReturn: 0).map { $0 }
          .subscribe(onNext: { @Sendable _ in done.signal() }),
      ]
      for _ in subscriptions { #expect(Watchdog.wait(done)) }
      subscriptions.forEach { $0.dispose() }
    }
    #expect(
      Set(violations.map(\.operatorName)) == [
        "do", "flatMap", "catch", "subscribe(onCompleted:onError:onDisposed:)", "map",
      ])
  }

  @Test("The same chains built outside any actor report nothing")
  func nonisolatedReportsNothing() async {
    let done = DispatchSemaphore(value: 0)
    let violations = await IsolationViolations.reported {
      let subscriptions = nonisolatedChains(on: ConcurrentDispatchQueueScheduler(qos: .default), done: done)
      for _ in subscriptions { #expect(Watchdog.wait(done)) }
      subscriptions.forEach { $0.dispose() }
    }
    #expect(violations.isEmpty)
  }

  @Test("@Sendable closures of a main-actor caller are nonisolated: not checked")
  @MainActor
  func sendableClosuresAreNotChecked() async {
    let done = DispatchSemaphore(value: 0)
    let violations = await IsolationViolations.reported {
      let subscription = Single.just(1)
        .observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        .map({ @Sendable in $0 + 1 })
        .subscribe(onSuccess: { @Sendable _ in done.signal() })
      #expect(Watchdog.wait(done))
      subscription.dispose()
    }
    #expect(violations.isEmpty)
  }

  @Test("observe(on:) the trampoline or the immediate scheduler takes a trait of non-Sendable elements")
  func observeOnWithoutSendable() {
    let log = ValueLog<Int>()
    _ = Single.just(Box(1)).observe(on: CurrentThreadScheduler.instance).subscribe(onSuccess: { log.append($0.value) })
    _ = Maybe.just(Box(2)).observe(on: ImmediateScheduler.instance).subscribe(onSuccess: { log.append($0.value) })
    // Sendable elements pick the same overloads, unambiguously.
    _ = Single.just(3).observe(on: CurrentThreadScheduler.instance).subscribe(onSuccess: { log.append($0) })
    _ = Maybe.just(4).observe(on: ImmediateScheduler.instance).subscribe(onSuccess: { log.append($0) })
    #expect(log.entries == [1, 2, 3, 4])
  }
}
