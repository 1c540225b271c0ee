import Dispatch
import Foundation
import Streams
import Testing

@Suite("Schedulers")
struct SchedulerTests {
  @Test("ImmediateScheduler runs at once")
  func immediate() {
    let log = Log()
    _ = ImmediateScheduler.instance.schedule(1) { value in
      log("ran \(value)")
      return Disposables.create()
    }
    log("after")
    #expect(log.entries == ["ran 1", "after"])
  }

  @Test("CurrentThreadScheduler queues nested work behind the current action, first in first out")
  func trampolineOrder() {
    let log = Log()
    let scheduler = CurrentThreadScheduler.instance
    #expect(CurrentThreadScheduler.isScheduleRequired)
    _ = scheduler.schedule(()) { _ in
      #expect(!CurrentThreadScheduler.isScheduleRequired)
      log("outer start")
      _ = scheduler.schedule(()) { _ in
        log("first nested")
        _ = scheduler.schedule(()) { _ in
          log("nested in nested")
          return Disposables.create()
        }
        return Disposables.create()
      }
      _ = scheduler.schedule(()) { _ in
        log("second nested")
        return Disposables.create()
      }
      log("outer end")
      return Disposables.create()
    }
    #expect(log.entries == ["outer start", "outer end", "first nested", "second nested", "nested in nested"])
    #expect(CurrentThreadScheduler.isScheduleRequired)
  }

  @Test("CurrentThreadScheduler: disposing queued work before it runs cancels it")
  func trampolineCancel() {
    let log = Log()
    let scheduler = CurrentThreadScheduler.instance
    _ = scheduler.schedule(()) { _ in
      let queued = scheduler.schedule(()) { _ in
        log("should not run")
        return Disposables.create()
      }
      queued.dispose()
      return Disposables.create()
    }
    #expect(log.entries.isEmpty)
  }

  @Test("Recursive scheduling on the trampoline does not grow the stack")
  func deepRecursion() {
    let count = Counter()
    _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
      count.increment()
      if value < 100_000 { recurse(value + 1) }
    }
    #expect(count.value == 100_001)
  }

  @Test("SerialDispatchQueueScheduler runs work in order on its queue")
  func serialQueue() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
    let recorder = Recorder<Int>()
    let done = DispatchSemaphore(value: 0)
    _ = Observable.range(start: 0, count: 100, scheduler: scheduler).subscribe(
      onNext: { recorder.onNext($0) }, onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(recorder.elements == Array(0..<100))
  }

  @Test("Dispatch schedulers: scheduleRelative fires after the delay and can be cancelled")
  func relativeAndCancel() {
    for scheduler: SchedulerType in [
      SerialDispatchQueueScheduler(qos: .userInitiated), ConcurrentDispatchQueueScheduler(qos: .userInitiated),
    ] {
      let fired = DispatchSemaphore(value: 0)
      let start = DispatchTime.now()
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
        fired.signal()
        return Disposables.create()
      }
      #expect(fired.wait(timeout: .now() + 10) == .success)
      #expect(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds >= 20_000_000)

      let cancelled = Counter()
      let pending = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
        cancelled.increment()
        return Disposables.create()
      }
      pending.dispose()
      // A later timer on the same scheduler acts as the gate: once it fired, the cancelled one
      // (due earlier) would have fired too.
      let gate = DispatchSemaphore(value: 0)
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(100)) { _ in
        gate.signal()
        return Disposables.create()
      }
      #expect(gate.wait(timeout: .now() + 10) == .success)
      #expect(cancelled.value == 0)
    }
  }

  @Test("interval on a dispatch queue ticks 0, 1, 2, … and stops when disposed")
  func intervalOnQueue() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.interval")
    let recorder = Recorder<Int>()
    let done = DispatchSemaphore(value: 0)
    _ = Observable<Int>.interval(.milliseconds(2), scheduler: scheduler).take(5).subscribe(
      onNext: { recorder.onNext($0) }, onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(recorder.elements == [0, 1, 2, 3, 4])
  }

  @Test("A periodic timer on a concurrent queue runs its ticks one after another, each seeing the last")
  func periodicTicksAreOrdered() {
    // The ticks' state is deliberately unsynchronized: each tick must happen after the one
    // before it, on whichever thread of the queue it runs. An overlap is counted; under
    // ThreadSanitizer, a tick that ThreadSanitizer can't see ordered after the last is a race.
    final class Ticks: @unchecked Sendable {
      var count = 0
      var running = false
      var overlaps = 0
    }
    let scheduler = ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "test.ticks", attributes: .concurrent))
    let timers = 16
    let ticksEach = 100
    let done = DispatchSemaphore(value: 0)
    let ticks = (0..<timers).map { _ in Ticks() }
    let subscriptions = ticks.map { ticks in
      scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .microseconds(100)) { state in
        // After its last counted tick a timer only reads, so the test may read what it wrote.
        guard ticks.count < ticksEach else { return state }
        if ticks.running { ticks.overlaps += 1 }
        ticks.running = true
        ticks.count += 1
        usleep(20)  // a tick that takes a while, so that the next one could overtake it
        ticks.running = false
        if ticks.count == ticksEach { done.signal() }
        return state + 1
      }
    }
    defer { subscriptions.forEach { $0.dispose() } }
    for _ in 0..<timers {
      #expect(done.wait(timeout: .now() + 10) == .success)
    }
    #expect(ticks.map(\.overlaps) == Array(repeating: 0, count: timers))
  }

  @Test("timer without a period sends 0 and completes")
  func timerOnce() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let recorder = Recorder<Int>()
    let done = DispatchSemaphore(value: 0)
    _ = Observable<Int>.timer(.milliseconds(1), scheduler: scheduler).subscribe(
      onNext: { recorder.onNext($0) }, onCompleted: { done.signal() })
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(recorder.elements == [0])
  }

  @Test("OperationQueueScheduler runs work on its queue; cancelled work does not run")
  func operationQueue() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.isSuspended = true
    let scheduler = OperationQueueScheduler(operationQueue: queue)
    let log = Log()
    _ = scheduler.schedule(1) { value in
      log("ran \(value)")
      return Disposables.create()
    }
    let cancelled = scheduler.schedule(2) { value in
      log("ran \(value)")
      return Disposables.create()
    }
    cancelled.dispose()
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    #expect(log.entries == ["ran 1"])
  }

  @Test("MainScheduler.asyncInstance runs work on the main queue")
  func mainScheduler() async {
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    let queueLabel: String? = await withCheckedContinuation { continuation in
      _ = MainScheduler.asyncInstance.schedule(()) { _ in
        continuation.resume(returning: DispatchQueue.getSpecific(key: key))
        return Disposables.create()
      }
    }
    #expect(queueLabel == "main")
  }

  @Test("MainScheduler.instance runs at once when already on the main thread")
  @MainActor
  func mainSchedulerImmediate() {
    let log = Log()
    _ = MainScheduler.instance.schedule(()) { _ in
      log("ran")
      return Disposables.create()
    }
    log("after")
    #expect(log.entries == ["ran", "after"])
  }
}
