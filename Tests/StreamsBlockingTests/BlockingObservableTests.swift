import Dispatch
import Foundation
import Streams
import StreamsBlocking
import Testing
@testable import StreamsBlocking

/// Counts disposals thread-safely, for sources that may run on other threads.
private final class Probe: @unchecked Sendable {
  private let lock = NSLock()
  private var disposals = 0

  var disposeCount: Int { lock.locked { disposals } }

  func disposed() { lock.locked { disposals += 1 } }
}

/// Emits the given elements then completes, and counts the disposals of its subscriptions.
private func counting(_ elements: [Int], probe: Probe, end: Event<Int> = .completed) -> Observable<Int> {
  Observable.create { observer in
    for element in elements { observer.onNext(element) }
    observer.on(end)
    return Disposables.create { probe.disposed() }
  }
}

@Suite("BlockingObservable: operators")
struct BlockingOperatorTests {
  @Test("toArray, first, last and materialize of a completed sequence")
  func completed() throws {
    let source = Observable.of(1, 2, 3)
    #expect(try source.toBlocking().toArray() == [1, 2, 3])
    #expect(try source.toBlocking().first() == 1)
    #expect(try source.toBlocking().last() == 3)
    guard case .completed(let elements) = source.toBlocking().materialize() else {
      Issue.record("expected .completed")
      return
    }
    #expect(elements == [1, 2, 3])
  }

  @Test("an empty sequence: first and last are nil, single throws noElements")
  func empty() throws {
    let source = Observable<Int>.empty()
    #expect(try source.toBlocking().toArray() == [])
    #expect(try source.toBlocking().first() == nil)
    #expect(try source.toBlocking().last() == nil)
    #expect(throws: StreamsError.noElements) { try source.toBlocking().single() }
  }

  @Test("errors are thrown, and materialize keeps the elements before them")
  func failed() throws {
    let source = Observable.of(1, 2).concat(Observable.error(TestError()))
    #expect(throws: TestError()) { try source.toBlocking().toArray() }
    #expect(throws: TestError()) { try source.toBlocking().last() }
    #expect(try source.toBlocking().first() == 1)
    guard case .failed(let elements, let error) = source.toBlocking().materialize() else {
      Issue.record("expected .failed")
      return
    }
    #expect(elements == [1, 2])
    #expect(error as? TestError == TestError())
  }

  @Test("first stops at the first element: later events are ignored and the subscription is disposed")
  func firstDisposes() throws {
    let probe = Probe()
    let source = counting([1, 2, 3], probe: probe, end: .error(TestError()))
    #expect(try source.toBlocking().first() == 1)
    #expect(probe.disposeCount == 1)
  }

  @Test("single: exactly one element, or exactly one match of the predicate")
  func single() throws {
    #expect(try Observable.just(7).toBlocking().single() == 7)
    #expect(throws: StreamsError.moreThanOneElement) { try Observable.of(1, 2).toBlocking().single() }
    #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
    #expect(throws: StreamsError.noElements) { try Observable.of(1, 2, 3).toBlocking().single { $0 > 5 } }
    #expect(throws: StreamsError.moreThanOneElement) {
      try Observable.of(1, 2, 3).toBlocking().single { $0 > 1 }
    }
    #expect(throws: TestError()) { try Observable.of(1, 2).toBlocking().single { _ in throw TestError() } }
  }

  @Test("single stops at the second element and disposes the subscription")
  func singleStopsEarly() {
    let probe = Probe()
    let source = counting([1, 2, 3], probe: probe, end: .error(TestError()))
    #expect(throws: StreamsError.moreThanOneElement) { try source.toBlocking().single() }
    #expect(probe.disposeCount == 1)
  }

  @Test("traits convert too")
  func traits() throws {
    #expect(try Single.just(1).toBlocking().single() == 1)
    #expect(try Maybe<Int>.empty().toBlocking().first() == nil)
    #expect(try Completable.empty().toBlocking().toArray().isEmpty)
  }
}

@Suite("BlockingObservable: threads and timeouts")
struct BlockingThreadTests {
  @Test("a source that delivers on another thread is awaited")
  func otherThread() throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let source = Observable<Int>.timer(.milliseconds(20), period: .milliseconds(5), scheduler: scheduler).take(3)
    #expect(try source.toBlocking(timeout: 10).toArray() == [0, 1, 2])
  }

  @Test("past the timeout: StreamsError.timeout is thrown and the subscription disposed")
  func timeout() {
    let probe = Probe()
    let source = Observable<Int>.create { observer in
      observer.onNext(1)
      return Disposables.create { probe.disposed() }
    }
    let start = Date()
    #expect(throws: StreamsError.timeout) { try source.toBlocking(timeout: 0.05).toArray() }
    #expect(Date().timeIntervalSince(start) >= 0.05)
    #expect(probe.disposeCount == 1)
    guard case .failed(let elements, let error) = source.toBlocking(timeout: 0.01).materialize() else {
      Issue.record("expected .failed")
      return
    }
    #expect(elements == [1])
    #expect(error as? StreamsError == .timeout)
    #expect(probe.disposeCount == 2)
  }

  @Test("events after the end (a timeout included) are ignored")
  func lateEvents() {
    let collector = BlockingCollector<Int>()
    #expect(collector.append(1, max: nil) == false)
    collector.wait(timeout: 0.01, runLoop: nil)
    #expect(collector.append(2, max: nil) == false)
    #expect(collector.finish(nil) == false)
    guard case .failed(let elements, let error) = collector.result else {
      Issue.record("expected the timeout")
      return
    }
    #expect(elements == [1])
    #expect(error as? StreamsError == .timeout)
  }
}

@Suite("BlockingObservable: the main thread and run loops")
struct BlockingMainThreadTests {
  @Test("from the main queue, a source that delivers on MainScheduler completes instead of deadlocking")
  func mainScheduler() async throws {
    let result = ResultBox()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async {
        let source = Observable.of(1, 2, 3).subscribe(on: MainScheduler.instance)
        result.set(Result { try source.toBlocking(timeout: 5).toArray() })
        continuation.resume()
      }
    }
    #expect(try result.get() == [1, 2, 3])
  }

  /// Subscribes, on a thread of its own, to a source whose element comes from a timer on that
  /// thread's run loop, and waits with or without running the run loop.
  private func timerOnWaitingThread(runningRunLoop: Bool) async -> MaterializedSequenceResult<Int> {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        let runLoop = RunLoop.current
        let source = Observable<Int>.create { observer in
          let timer = Timer(timeInterval: 0.01, repeats: false) { _ in
            observer.onNext(1)
            observer.onCompleted()
          }
          runLoop.add(timer, forMode: .default)
          return Disposables.create { timer.invalidate() }
        }
        let result = source.toBlocking(timeout: runningRunLoop ? 5 : 0.2)
          .collect(runLoop: runningRunLoop ? runLoop : nil)
        continuation.resume(returning: UncheckedResult(result).value)
      }
      thread.start()
    }
  }

  @Test("waiting with a run loop runs it: work the source sends to it runs, where a plain wait times out")
  func runLoopIsRun() async {
    guard case .completed(let elements) = await timerOnWaitingThread(runningRunLoop: true) else {
      Issue.record("expected the run loop's timer to complete the sequence")
      return
    }
    #expect(elements == [1])
    guard case .failed(_, let error) = await timerOnWaitingThread(runningRunLoop: false) else {
      Issue.record("expected a timeout without running the run loop")
      return
    }
    #expect(error as? StreamsError == .timeout)
  }
}

/// Carries a result across threads; only read after the thread that wrote it resumed the waiter.
private struct UncheckedResult: @unchecked Sendable {
  let value: MaterializedSequenceResult<Int>
  init(_ value: MaterializedSequenceResult<Int>) { self.value = value }
}

/// Carries a result out of a main-queue block.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Result<[Int], Error>?

  func set(_ result: Result<[Int], Error>) { lock.locked { stored = result } }
  func get() throws -> [Int]? { try lock.locked { stored }?.get() }
}

extension NSLock {
  /// Runs `body` with the lock held (Foundation's `withLock` needs macOS 14 / iOS 17).
  fileprivate func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
    lock()
    defer { unlock() }
    return try body()
  }
}

private struct Stop: Error, Equatable {}

/// RxSwift's rule: once a blocking operator has its result, it ignores the rest of a synchronous
/// source, so the predicate is not asked about elements that come after.
@Suite("Blocking operators ignore events after their result")
struct BlockingIgnoresEventsAfterResultTests {
  /// A source that pushes all its elements at once, ignoring disposal (like a synchronous `create`).
  private func eager(_ elements: [Int]) -> Observable<Int> {
    Observable.create { observer in
      for element in elements { observer.onNext(element) }
      observer.onCompleted()
      return Disposables.create()
    }
  }

  @Test("single(predicate) stops asking after the second match")
  func secondMatch() {
    var asked: [Int] = []
    #expect(throws: StreamsError.moreThanOneElement) {
      try eager([1, 2, 3, 4]).toBlocking().single { element in
        asked.append(element)
        return element >= 2
      }
    }
    #expect(asked == [1, 2, 3])
  }

  @Test("single(predicate) stops asking after the predicate throws")
  func predicateThrows() {
    var asked: [Int] = []
    #expect(throws: Stop()) {
      try eager([1, 2, 3, 4]).toBlocking().single { element in
        asked.append(element)
        if element < 2 { return false }
        throw Stop()
      }
    }
    #expect(asked == [1, 2])
  }
}
