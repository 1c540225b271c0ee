import Foundation
import Streams

extension BlockingObservable {
  /// Subscribes, collects the elements that satisfy `predicate` until the sequence ends or `max`
  /// of them arrived, and blocks the calling thread until then or until the timeout.
  ///
  /// The subscription is disposed before returning in every case. On the main thread the wait
  /// runs the main run loop (`runLoop`; tests pass another thread's).
  func collect(
    max: Int? = nil, where predicate: @escaping (Element) throws -> Bool = { _ in true },
    runLoop: RunLoop? = Thread.isMainThread ? RunLoop.main : nil
  ) -> MaterializedSequenceResult<Element> {
    let collector = BlockingCollector<Element>()
    let subscription = SingleAssignmentDisposable()
    subscription.setDisposable(
      source.subscribe { event in
        let ended: Bool
        switch event {
        case .next(let element):
          // Like RxSwift: once the result is known, later elements reach no predicate.
          guard !collector.hasEnded else { return }
          do {
            ended = collector.append(try predicate(element) ? element : nil, max: max)
          } catch {
            ended = collector.finish(error)
          }
        case .error(let error): ended = collector.finish(error)
        case .completed: ended = collector.finish(nil)
        }
        if ended { subscription.dispose() }
      })
    collector.wait(timeout: timeout, runLoop: runLoop)
    subscription.dispose()
    return collector.result
  }
}

/// The state one blocking operator shares with its subscription: the elements so far, how the
/// sequence ended, and the wait for that end.
///
/// Events may arrive on any thread; the blocked thread reads the state under the same condition
/// lock. No user code runs under the lock.
final class BlockingCollector<Element>: @unchecked Sendable {
  // Unchecked: its `var`s are read and written only while holding `condition`.
  private let condition = NSCondition()
  private var elements: [Element] = []
  private var error: Error?
  private var ended = false
  /// Whether the waiting thread runs the main run loop, and so needs a wake-up at the end.
  private var waitsOnMainRunLoop = false

  /// Whether the wait has ended (the sequence ended, the result is complete, or the timeout).
  var hasEnded: Bool {
    condition.lock()
    defer { condition.unlock() }
    return ended
  }

  /// How the sequence ended, or `.failed` with the timeout.
  var result: MaterializedSequenceResult<Element> {
    condition.lock()
    defer { condition.unlock() }
    if let error { return .failed(elements: elements, error: error) }
    return .completed(elements: elements)
  }

  /// Keeps `element` (unless `nil`); ends the wait when `max` elements are kept.
  /// - Returns: Whether this call ended the wait.
  func append(_ element: Element?, max: Int?) -> Bool {
    condition.lock()
    guard !ended else {
      condition.unlock()
      return false
    }
    if let element { elements.append(element) }
    let reachedMax = max.map { elements.count >= $0 } ?? false
    condition.unlock()
    return reachedMax && finish(nil)
  }

  /// Ends the wait with `error` (`nil` for a completion); later events are ignored.
  /// - Returns: Whether this call ended the wait (`false` if it had already ended).
  @discardableResult
  func finish(_ error: Error?) -> Bool {
    condition.lock()
    guard !ended else {
      condition.unlock()
      return false
    }
    ended = true
    self.error = error
    let wakeMainRunLoop = waitsOnMainRunLoop
    condition.broadcast()
    condition.unlock()
    if wakeMainRunLoop {
      // Main-queue work makes the waiting `RunLoop.run(mode:before:)` return.
      DispatchQueue.main.async {}
    }
    return true
  }

  /// Blocks until the sequence ends or `timeout` seconds pass; a timeout ends it with
  /// `StreamsError.timeout`.
  ///
  /// With a `runLoop` (the current thread's) it runs that run loop meanwhile instead of blocking,
  /// so that work the sequence sends to it (the main queue, for the main run loop) can run.
  func wait(timeout: TimeInterval?, runLoop: RunLoop?) {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) } ?? .distantFuture
    if let runLoop {
      while isRunning(wakingMainRunLoop: runLoop === RunLoop.main), Date() < deadline {
        // A short slice bounds the delay of a missed wake-up (other run loops get none).
        let slice = min(deadline, Date(timeIntervalSinceNow: 0.05))
        if !runLoop.run(mode: .default, before: slice) {
          // The run loop has nothing to run: wait for the slice instead of spinning.
          waitForEnd(until: slice)
        }
      }
    } else {
      waitForEnd(until: deadline)
    }
    finish(StreamsError.timeout)
  }

  /// Whether the sequence is still running; if so, and if asked, `finish` wakes the main run loop.
  private func isRunning(wakingMainRunLoop: Bool) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    waitsOnMainRunLoop = wakingMainRunLoop && !ended
    return !ended
  }

  private func waitForEnd(until deadline: Date) {
    condition.lock()
    while !ended, condition.wait(until: deadline) {}
    condition.unlock()
  }
}
