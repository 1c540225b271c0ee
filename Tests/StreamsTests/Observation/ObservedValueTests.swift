import Dispatch
import Foundation
import Observation
import Streams
import Testing

/// `ObservedValue`: Rx state as an `@Observable` value on the main actor.
@Suite("Observable → Observation: ObservedValue")
@MainActor
struct ObservedValueTests {
  @Test(
    "A relay's current value, then each value; each update is a mutation Observation reports", .timeLimit(.minutes(1)))
  func relay() async {
    let relay = BehaviorRelay(value: "a")
    let holder = ObservedValue(relay)
    #expect(holder.value == "a")
    let changes = observationChanges { _ = holder.value }
    relay.accept("b")
    await until { holder.value == "b" }
    #expect(changes.value == 1)
    relay.accept("c")
    await until { holder.value == "c" }
    #expect(holder.value == "c")
  }

  @Test(
    "The initial value until the first element; elements sent on another thread arrive on the main actor",
    .timeLimit(.minutes(1)))
  func otherThread() async {
    let subject = PublishSubject<Int>()
    let holder = ObservedValue(subject, initial: -1)
    #expect(holder.value == -1)
    let changed = Signals()
    let changedOnMain = Locked<Bool?>(nil)
    withObservationTracking {
      _ = holder.value
    } onChange: {
      changedOnMain.withLock { $0 = MainScheduler.isMainQueueForTests }
      changed.signal()
    }
    await Task.detached { subject.onNext(42) }.value
    await changed.wait(for: 1)
    while holder.value != 42 { await Task.yield() }
    #expect(changedOnMain.value == true)
  }

  @Test("An error is kept in failure, the last element in value; completion sets isFinished", .timeLimit(.minutes(1)))
  func terminalEvents() async {
    let failing = PublishSubject<Int>()
    let failed = ObservedValue(failing, initial: 0)
    failing.onNext(1)
    failing.onError(TestError(id: 3))
    await until { failed.isFinished }
    #expect(failed.value == 1)
    #expect(failed.failure as? TestError == TestError(id: 3))
    #expect(failed.isFinished)

    let completing = PublishSubject<Int>()
    let completed = ObservedValue(completing, initial: 0)
    #expect(!completed.isFinished)
    completing.onCompleted()
    await until { completed.isFinished }
    #expect(completed.isFinished)
    #expect(completed.failure == nil)
  }

  @Test("Releasing the holder disposes the subscription; the subscription does not retain it")
  func lifetime() {
    let subject = PublishSubject<Int>()
    weak var weakHolder: ObservedValue<Int>?
    do {
      let holder = ObservedValue(subject, initial: 0)
      weakHolder = holder
      #expect(subject.hasObservers)
    }
    #expect(weakHolder == nil)
    #expect(!subject.hasObservers)
  }

  @Test("stop() disposes the subscription and keeps the last value", .timeLimit(.minutes(1)))
  func stop() async {
    let relay = BehaviorRelay(value: 1)
    let holder = ObservedValue(relay)
    relay.accept(2)
    await until { holder.value == 2 }
    holder.stop()
    relay.accept(3)
    // A delivery of 3 would be queued on the main queue behind this turn.
    for _ in 0..<100 { await Task.yield() }
    #expect(holder.value == 2)
  }
}

/// Yields the main actor until `condition` holds (bounded by the test's time limit): elements
/// sent on the main thread are delivered at once unless the main scheduler has work queued.
@MainActor
func until(_ condition: () -> Bool) async {
  while !condition() { await Task.yield() }
}

extension MainScheduler {
  /// Whether the caller runs on the main queue (the main actor's executor).
  static var isMainQueueForTests: Bool { MainQueueMarker.isOnMainQueue || Thread.isMainThread }
}
