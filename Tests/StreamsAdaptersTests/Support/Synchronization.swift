import Foundation
import StreamsAdapters

/// Records the diagnostics of the adapters made inside `record`.
final class Diagnostics: Sendable {
  private let log = ValueLog<AdapterDiagnostic>()

  var kinds: [AdapterDiagnostic.Kind] { log.entries.map(\.kind) }
  var all: [AdapterDiagnostic] { log.entries }

  /// Runs `body` with this recorder as the scoped diagnostics handler.
  func record<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await AdapterHooks.withDiagnosticHandler({ [log] in log.append($0) }, operation: body)
  }
}

/// Runs `work` on a new thread (not the main thread, not a Swift concurrency thread), the way an
/// SDK calls back from its own threads.
func onBackgroundThread(_ work: @escaping @Sendable () -> Void) {
  Thread.detachNewThread(work)
}

/// Carries a non-Sendable value (an SDK's non-Sendable completion closure) to another thread, as
/// an Objective-C SDK would.
struct SDKBox<Value>: @unchecked Sendable {
  let value: Value
}

/// Runs `body` and captures its outcome (`Result(catching:)` for async code).
func outcome<Success: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Success
) async -> Result<Success, any Error> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}

/// The error a `Result` or a `Task` failed with, if any.
func failure<Success>(of result: Result<Success, any Error>) -> (any Error)? {
  if case .failure(let error) = result { return error }
  return nil
}
