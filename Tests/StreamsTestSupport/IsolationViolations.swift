import Foundation
import Streams

/// Records the isolation violations that tests provoke on purpose.
///
/// ``Hooks/isolationViolation`` is process-wide, and its default handler stops a debug build at a
/// violation in Swift 6 code; so every test, of any target, that provokes one records it here:
/// one at a time (behind a process-wide lock), with the handler restored afterwards.
public enum IsolationViolations {
  private static let lock = NSLock()

  /// The violations reported while `body` ran, in order; `body` waits (boundedly) for the work it
  /// starts on other threads before returning.
  public static func recorded(during body: () throws -> Void) rethrows -> [IsolationViolation] {
    lock.lock()
    defer { lock.unlock() }
    let previous = Hooks.isolationViolation
    let recorded = ValueLog<IsolationViolation>()
    Hooks.isolationViolation = { recorded.append($0) }
    defer { Hooks.isolationViolation = previous }
    try body()
    return recorded.entries
  }
}
