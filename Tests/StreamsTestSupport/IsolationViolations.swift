import Foundation
import Streams

/// Records the isolation violations that Streams reports while a test's body runs, instead of
/// letting the default hook stop the test run.
///
/// A violation names its operator and closure type, not the test that caused it, so one recording
/// runs at a time in the whole test process and takes every violation reported meanwhile; the
/// others wait for their turn. Outside a recording, violations reach the hook that was installed
/// before, so a stray violation stops the run as it should.
public enum IsolationViolations {
  /// The violations reported while `body` ran; `body` waits (boundedly) for the work it starts on
  /// other threads before returning.
  public static func reported(
    isolation: isolated (any Actor)? = #isolation, during body: () async throws -> Void
  ) async rethrows -> [IsolationViolation] {
    await turn.enter()
    recorder.begin()
    do {
      try await body()
    } catch {
      _ = recorder.end()
      await turn.leave()
      throw error
    }
    let violations = recorder.end()
    await turn.leave()
    return violations
  }

  private static let turn = Turnstile()

  private static let recorder: Recorder = {
    let recorder = Recorder(previous: Hooks.isolationViolation)
    Hooks.isolationViolation = { recorder.receive($0) }
    return recorder
  }()

  /// One recording at a time: the others wait, in order.
  private actor Turnstile {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
      guard busy else {
        busy = true
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
      if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
  }

  private final class Recorder: @unchecked Sendable {
    // Unchecked: `recording` is read and written only under `lock`; `previous` is a constant.
    private let lock = NSLock()
    private var recording: [IsolationViolation]?
    private let previous: @Sendable (IsolationViolation) -> Void

    init(previous: @escaping @Sendable (IsolationViolation) -> Void) { self.previous = previous }

    func begin() { lock.withLock { recording = [] } }

    func end() -> [IsolationViolation] {
      lock.withLock {
        defer { recording = nil }
        return recording ?? []
      }
    }

    func receive(_ violation: IsolationViolation) {
      let recorded = lock.withLock { () -> Bool in
        guard recording != nil else { return false }
        recording?.append(violation)
        return true
      }
      if !recorded { previous(violation) }
    }
  }
}
