import Dispatch
import Foundation
import StreamsLaunch

/// A bounded wait ran out: the code under test hung (or is far too slow).
struct TimedOut: Error, CustomStringConvertible {
  let seconds: Double
  var description: String { "did not finish within \(seconds) s" }
}

/// Runs `body` on a task of its own and returns its value, or throws ``TimedOut`` after `seconds`
/// (cancelling the task), so that a hang fails the test instead of the suite. The default is
/// generous: under ThreadSanitizer, with the whole suite running on two cores, a virtual-time test
/// waited more than 10 s for a cooperative thread.
func bounded<T: Sendable>(
  _ seconds: Double = 60, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  let settled = Locked(false)
  let claim: @Sendable () -> Bool = {
    settled.withLock { done in
      defer { done = true }; return !done
    }
  }
  return try await withCheckedThrowingContinuation { continuation in
    let work = Task {
      let result = await Result { try await body() }
      if claim() { continuation.resume(with: result) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
      if claim() {
        work.cancel()
        continuation.resume(throwing: TimedOut(seconds: seconds))
      }
    }
  }
}

extension Result where Failure == any Error {
  /// The result of `body`.
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}

/// Waits, within a bound, for the next event of `iterator` that `matches`.
func next<Rank>(
  _ iterator: inout LaunchEventSequence<Rank>.AsyncIterator, where matches: (LaunchEvent<Rank>) -> Bool
) async -> LaunchEvent<Rank>? {
  while let event = await iterator.next() {
    if matches(event) { return event }
  }
  return nil
}

/// Waits, within a bound, for `queue` to end; returns the error ``LaunchQueue/finished()`` threw, or
/// `nil` if it finished.
func endingError<Rank>(of queue: LaunchQueue<Rank>) async throws -> LaunchError? {
  try await bounded { () async throws -> LaunchError? in
    do {
      try await queue.finished()
      return nil
    } catch let error as LaunchError {
      return error
    }
  }
}
