import Foundation
import Streams

/// Records the isolation violations that Streams reports from one test file, instead of letting the
/// default hook stop the test run.
///
/// Violations from other files still reach the hook that was installed before, so a stray
/// violation elsewhere stops the run as it should. Suites that record should be `.serialized`:
/// recordings are told apart by file, not by test.
public enum IsolationViolations {
  /// The violations reported from `file` (the `#file` of the operator calls) while `body` ran.
  public static func reported(
    from file: StaticString = #file, isolation: isolated (any Actor)? = #isolation,
    during body: () async throws -> Void
  ) async rethrows -> [IsolationViolation] {
    let key = "\(file)"
    recorder.begin(key)
    defer { recorder.end(key) }
    try await body()
    return recorder.entries(for: key)
  }

  /// The violations reported from `file` while `body` ran; `body` waits (boundedly) for the work it
  /// starts on other threads before returning.
  public static func recorded(
    from file: StaticString = #file, during body: () throws -> Void
  ) rethrows -> [IsolationViolation] {
    let key = "\(file)"
    recorder.begin(key)
    defer { recorder.end(key) }
    try body()
    return recorder.entries(for: key)
  }

  private static let recorder: Recorder = {
    let recorder = Recorder(previous: Hooks.isolationViolation)
    Hooks.isolationViolation = { recorder.receive($0) }
    return recorder
  }()

  private final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recording: [String: [IsolationViolation]] = [:]
    private let previous: @Sendable (IsolationViolation) -> Void

    init(previous: @escaping @Sendable (IsolationViolation) -> Void) { self.previous = previous }

    func begin(_ key: String) { lock.withLock { recording[key] = [] } }
    func end(_ key: String) { _ = lock.withLock { recording.removeValue(forKey: key) } }
    func entries(for key: String) -> [IsolationViolation] { lock.withLock { recording[key] ?? [] } }

    func receive(_ violation: IsolationViolation) {
      let recorded = lock.withLock { () -> Bool in
        let key = "\(violation.file)"
        guard recording[key] != nil else { return false }
        recording[key]?.append(violation)
        return true
      }
      if !recorded { previous(violation) }
    }
  }
}
