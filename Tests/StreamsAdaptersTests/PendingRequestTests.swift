import Foundation
import StreamsAdapters
import StreamsTest
import Testing

/// §5 rows for delegate APIs: overlap policies, timeout and reuse, cancellation, correlation.
/// Registration of waiters that call no `start` (join, enqueue) is observed through the timer
/// they arm on a `CountingScheduler` over a `TestScheduler` that is never advanced: no sleeps.
@Suite("PendingRequest")
struct PendingRequestTests {
  /// A timeout that never fires unless the test advances `timers`; arming it signals arrival.
  private func probe(_ timers: CountingScheduler) -> Timeout { .after(.seconds(1_000), on: timers) }

  @Test("normal: the delegate answers from another thread → the value; no cancel; slot free again")
  func normal() async throws {
    let delegate = SignInDelegate(overlap: .reject)
    let controller = SignInController()
    let task = Task { try await delegate.signIn(with: controller) }
    await controller.performs.wait(for: 1)
    #expect(delegate.pending.isPending)
    let done = Gate()
    onBackgroundThread {
      controller.complete(with: "alice")
      done.open()
    }
    #expect(try await task.value == "alice")
    await done.wait()
    #expect(controller.cancels.value == 0)
    #expect(!delegate.pending.isPending)
  }

  @Test("reject: a second run throws alreadyPending at once; the first goes on; no hook")
  func reject() async throws {
    let delegate = SignInDelegate(overlap: .reject)
    let first = SignInController()
    let second = SignInController()
    let task = Task { try await delegate.signIn(with: first) }
    await first.performs.wait(for: 1)
    let rejected = await outcome { try await delegate.signIn(with: second) }
    #expect(failure(of: rejected) as? AdapterError == .alreadyPending)
    #expect(second.performs.value == 0)
    first.complete(with: "first")
    #expect(try await task.value == "first")
    #expect(first.cancels.value == 0 && second.cancels.value == 0)
  }

  @Test("join: the second run does not start the SDK again; both get the same result; no hook")
  func join() async throws {
    let timers = CountingScheduler(TestScheduler(initialClock: 0))
    let delegate = SignInDelegate(overlap: .join)
    let controller = SignInController()
    let first = Task { try await delegate.signIn(with: controller, timeout: probe(timers)) }
    let second = Task { try await delegate.signIn(with: SignInController(), timeout: probe(timers)) }
    await timers.scheduled.wait(for: 2)
    controller.complete(with: "shared")
    #expect(try await first.value == "shared")
    #expect(try await second.value == "shared")
    #expect(controller.performs.value == 1)
    #expect(controller.cancels.value == 0)
  }

  @Test("join: one waiter cancelled leaves; the request goes on; the last one leaving cancels it once")
  func joinCancellation() async throws {
    let timers = CountingScheduler(TestScheduler(initialClock: 0))
    let delegate = SignInDelegate(overlap: .join)
    let controller = SignInController()
    let first = Task { try await delegate.signIn(with: controller, timeout: probe(timers)) }
    let second = Task { try await delegate.signIn(with: controller, timeout: probe(timers)) }
    let third = Task { try await delegate.signIn(with: controller, timeout: probe(timers)) }
    await timers.scheduled.wait(for: 3)
    first.cancel()
    #expect(failure(of: await first.result) is CancellationError)
    #expect(controller.cancels.value == 0)
    second.cancel()
    #expect(failure(of: await second.result) is CancellationError)
    #expect(controller.cancels.value == 0)
    third.cancel()
    #expect(failure(of: await third.result) is CancellationError)
    #expect(controller.cancels.value == 1)
    #expect(!delegate.pending.isPending)
  }

  @Test("supersede: the old waiter gets superseded and its hook runs once; the new request starts")
  func supersede() async throws {
    let delegate = SignInDelegate(overlap: .supersede)
    let old = SignInController()
    let new = SignInController()
    let oldTask = Task { try await delegate.signIn(with: old) }
    await old.performs.wait(for: 1)
    let newTask = Task { try await delegate.signIn(with: new) }
    #expect(failure(of: await oldTask.result) as? AdapterError == .superseded)
    #expect(old.cancels.value == 1)
    await new.performs.wait(for: 1)
    new.complete(with: "new")
    #expect(try await newTask.value == "new")
    #expect(new.cancels.value == 0)
  }

  @Test("enqueue: requests run one after another, first in first out")
  func enqueue() async throws {
    let timers = CountingScheduler(TestScheduler(initialClock: 0))
    let delegate = SignInDelegate(overlap: .enqueue)
    let controllers = (0..<3).map { _ in SignInController() }
    let first = Task { try await delegate.signIn(with: controllers[0], timeout: probe(timers)) }
    await timers.scheduled.wait(for: 1)
    let second = Task { try await delegate.signIn(with: controllers[1], timeout: probe(timers)) }
    await timers.scheduled.wait(for: 2)
    let third = Task { try await delegate.signIn(with: controllers[2], timeout: probe(timers)) }
    await timers.scheduled.wait(for: 3)
    #expect(controllers.map(\.performs.value) == [1, 0, 0])
    controllers[0].complete(with: "one")
    #expect(try await first.value == "one")
    await controllers[1].performs.wait(for: 1)
    #expect(controllers[2].performs.value == 0)
    controllers[1].complete(with: "two")
    #expect(try await second.value == "two")
    await controllers[2].performs.wait(for: 1)
    controllers[2].complete(with: "three")
    #expect(try await third.value == "three")
    #expect(controllers.map(\.cancels.value) == [0, 0, 0])
  }

  @Test("enqueue: a queued waiter that is cancelled never starts; no hook; the queue moves on")
  func enqueueCancelQueued() async throws {
    let timers = CountingScheduler(TestScheduler(initialClock: 0))
    let delegate = SignInDelegate(overlap: .enqueue)
    let first = SignInController()
    let queued = SignInController()
    let last = SignInController()
    let firstTask = Task { try await delegate.signIn(with: first, timeout: probe(timers)) }
    await timers.scheduled.wait(for: 1)
    let queuedTask = Task { try await delegate.signIn(with: queued, timeout: probe(timers)) }
    await timers.scheduled.wait(for: 2)
    let lastTask = Task { try await delegate.signIn(with: last, timeout: probe(timers)) }
    await timers.scheduled.wait(for: 3)
    queuedTask.cancel()
    #expect(failure(of: await queuedTask.result) is CancellationError)
    first.complete(with: "first")
    #expect(try await firstTask.value == "first")
    await last.performs.wait(for: 1)
    last.complete(with: "last")
    #expect(try await lastTask.value == "last")
    #expect(queued.performs.value == 0 && queued.cancels.value == 0)
  }

  @Test("timeout: timedOut at once, the hook ran once, the slot is reusable at once; late answer ignored")
  func timeoutAndReuse() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let timers = CountingScheduler(scheduler)
    let diagnostics = Diagnostics()
    let delegate = await diagnostics.record { SignInDelegate(overlap: .reject) }
    let stuck = SignInController()
    let result = await diagnostics.record {
      let task = Task { try await delegate.signIn(with: stuck, timeout: .after(.seconds(30), on: timers)) }
      await timers.scheduled.wait(for: 1)
      scheduler.advanceTo(30)
      return await task.result
    }
    #expect(failure(of: result) as? AdapterError == .timedOut)
    #expect(stuck.cancels.value == 1)
    #expect(!delegate.pending.isPending)

    let next = SignInController()
    let retry = Task { try await delegate.signIn(with: next) }
    await next.performs.wait(for: 1)
    stuck.complete(with: "stale")  // the timed-out controller answers late: not next's answer
    next.complete(with: "fresh")
    #expect(try await retry.value == "fresh")
    #expect(next.cancels.value == 0)
    #expect(diagnostics.kinds == [.staleCallback])
  }

  @Test("cancel: CancellationError at once; the hook ran once; the slot is free")
  func cancel() async throws {
    let delegate = SignInDelegate(overlap: .reject)
    let controller = SignInController()
    let task = Task { try await delegate.signIn(with: controller) }
    await controller.performs.wait(for: 1)
    task.cancel()
    #expect(failure(of: await task.result) is CancellationError)
    #expect(controller.cancels.value == 1)
    #expect(!delegate.pending.isPending)
  }

  @Test("already cancelled: start is never called; no hook")
  func alreadyCancelled() async throws {
    let delegate = SignInDelegate(overlap: .reject)
    let controller = SignInController()
    let entered = Gate()
    let task = Task {
      await entered.wait()
      return try await delegate.signIn(with: controller)
    }
    task.cancel()
    entered.open()
    #expect(failure(of: await task.result) is CancellationError)
    #expect(controller.performs.value == 0)
    #expect(controller.cancels.value == 0)
    #expect(!delegate.pending.isPending)
  }

  @Test("correlation: a stale callback from the previous controller is ignored and reported")
  func correlation() async throws {
    let diagnostics = Diagnostics()
    let delegate = await diagnostics.record { SignInDelegate(overlap: .reject) }
    let a = SignInController()
    let b = SignInController()
    let (first, second) = try await diagnostics.record {
      let taskA = Task { try await delegate.signIn(with: a) }
      await a.performs.wait(for: 1)
      a.complete(with: "A")
      let first = try await taskA.value
      let taskB = Task { try await delegate.signIn(with: b) }
      await b.performs.wait(for: 1)
      a.complete(with: "A again")  // the SDK's duplicate delegate call for request A
      b.complete(with: "B")
      return (first, try await taskB.value)
    }
    #expect(first == "A")
    #expect(second == "B")
    #expect(diagnostics.kinds == [.staleCallback])
    #expect(a.cancels.value == 0 && b.cancels.value == 0)
  }

  @Test("without correlation, the same duplicate call resolves the next request: the hazard correlation removes")
  func withoutCorrelation() async throws {
    let diagnostics = Diagnostics()
    let delegate = await diagnostics.record { SignInDelegate(overlap: .reject) }
    let a = SignInController()
    let b = SignInController()
    let second = try await diagnostics.record {
      let taskA = Task { try await delegate.signIn(with: a, correlate: false) }
      await a.performs.wait(for: 1)
      a.complete(with: "A")
      _ = try await taskA.value
      let taskB = Task { try await delegate.signIn(with: b, correlate: false) }
      await b.performs.wait(for: 1)
      a.complete(with: "A again")
      b.complete(with: "B")
      return try await taskB.value
    }
    #expect(second == "A again")
    #expect(diagnostics.kinds == [.unexpectedCallback])  // B's own answer found nothing pending
  }

  @Test("a delegate call fired synchronously inside start resolves the request")
  func synchronousCallback() async throws {
    let pending = PendingRequest<Int>()
    let hooks = Counter()
    let value = try await pending.run(cancel: Cancellation { hooks.increment() }) {
      pending.resume(returning: 5)
    }
    #expect(value == 5)
    #expect(hooks.value == 0)
    #expect(!pending.isPending)
  }

  @Test("start throws: every waiter of that request gets the error; the slot is free")
  func startThrows() async throws {
    let pending = PendingRequest<Int>()
    let result = await outcome { try await pending.run { throw TestError(id: 2) } }
    #expect(failure(of: result) as? TestError == TestError(id: 2))
    #expect(!pending.isPending)
    #expect(try await pending.run { pending.resume(returning: 1) } == 1)
  }

  @Test("failAll fails the current and the queued requests, without hooks")
  func failAll() async throws {
    let timers = CountingScheduler(TestScheduler(initialClock: 0))
    let delegate = SignInDelegate(overlap: .enqueue)
    let first = SignInController()
    let queued = SignInController()
    let firstTask = Task { try await delegate.signIn(with: first, timeout: probe(timers)) }
    await timers.scheduled.wait(for: 1)
    let queuedTask = Task { try await delegate.signIn(with: queued, timeout: probe(timers)) }
    await timers.scheduled.wait(for: 2)
    delegate.pending.failAll(TestError(id: 4))
    #expect(failure(of: await firstTask.result) as? TestError == TestError(id: 4))
    #expect(failure(of: await queuedTask.result) as? TestError == TestError(id: 4))
    #expect(first.cancels.value == 0 && queued.performs.value == 0)
    #expect(!delegate.pending.isPending)
  }

  @Test("keepAlive holds the SDK object until run returns, and not longer")
  func keepAlive() async throws {
    let pending = PendingRequest<String>()
    let weakController = WeakBox<SignInController>()
    let created = Gate()
    let task = Task {
      try await pending.run(keepAlive: Self.makeController(into: weakController, then: created)) {
        weakController.object?.performRequests()
      }
    }
    await created.wait()
    await weakController.object?.performs.wait(for: 1)
    #expect(weakController.object != nil)  // nothing but run holds it
    pending.resume(returning: "done")
    #expect(try await task.value == "done")
    #expect(weakController.object == nil)
  }

  private static func makeController(into box: WeakBox<SignInController>, then created: Gate) -> SignInController {
    let controller = SignInController()
    box.object = controller
    created.open()
    return controller
  }

  @Test("a callback with nothing pending is ignored, reported, and returns false")
  func unexpectedCallback() async {
    let diagnostics = Diagnostics()
    let resolved = await diagnostics.record {
      let pending = PendingRequest<Int>(label: "unexpected")
      return pending.resume(throwing: TestError())
    }
    #expect(!resolved)
    #expect(diagnostics.all == [AdapterDiagnostic(kind: .unexpectedCallback, origin: "unexpected")])
  }

  @MainActor
  @Test("a @MainActor caller, a delegate answering on a background thread: no isolation trap")
  func mainActorCaller() async throws {
    let delegate = SignInDelegate(overlap: .reject)
    let controller = SignInController()
    let task = Task { @MainActor in
      controller.delegate = delegate
      return try await delegate.pending.run(correlatedWith: controller) {
        MainActor.assertIsolated()
        controller.performRequests()
      }
    }
    await controller.performs.wait(for: 1)
    onBackgroundThread { controller.complete(with: "main") }
    #expect(try await task.value == "main")
  }
}
