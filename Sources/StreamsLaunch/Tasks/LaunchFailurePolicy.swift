/// What a task's failure means for start-up, and how often the task is retried first.
///
/// A task that throws is run again, up to ``retries`` more times, before its failure counts: at once,
/// or after the waits of its ``backoff``.
/// Then a ``required`` task stops start-up: waiting tasks are skipped (or fail, naming it, if they
/// need it), running ones are cancelled, and
/// ``LaunchQueue/finished()`` throws ``LaunchError/requiredTaskFailed(_:)`` naming the task and its
/// error. An ``optional`` task's failure is reported as an event and in the report, and start-up
/// continues; the tasks that need it run and can read the failure.
///
/// A struct over an internal enum, so that behaviours can be added later without breaking code
/// that uses it.
///
/// ```swift
/// LaunchTask(.login, policy: .required.retrying(2)) { context in … }
/// LaunchTask(.appInfo, policy: .required.retrying(3, backoff: .constant(.milliseconds(500)))) { context in … }
/// LaunchTask(.fullScreenBanner, policy: .optional) { context in … }
/// ```
public struct LaunchFailurePolicy: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable, Sendable {
    case required
    case optional
  }

  let kind: Kind

  /// How many times a failed task is run again before its failure counts; `0` by default.
  public let retries: Int

  /// How long the queue waits before each retry; ``LaunchBackoff/immediate`` by default.
  public let backoff: LaunchBackoff

  private init(kind: Kind, retries: Int, backoff: LaunchBackoff = .immediate) {
    self.kind = kind
    self.retries = Swift.max(0, retries)
    self.backoff = backoff
  }

  /// Start-up cannot go on without this task: its failure stops the queue.
  public static let required = LaunchFailurePolicy(kind: .required, retries: 0)

  /// Start-up can go on without this task: its failure is reported and the queue continues.
  public static let optional = LaunchFailurePolicy(kind: .optional, retries: 0)

  /// The same policy with `count` retries (negative counts are treated as zero), each after the
  /// wait `backoff` gives (none by default).
  public func retrying(_ count: Int, backoff: LaunchBackoff = .immediate) -> LaunchFailurePolicy {
    LaunchFailurePolicy(kind: kind, retries: count, backoff: backoff)
  }

  /// Whether a failure of the task stops start-up.
  public var isRequired: Bool { kind == .required }

  /// `required` or `optional`, followed by the retry count when there is one.
  public var description: String {
    let name = isRequired ? "required" : "optional"
    guard retries > 0 else { return name }
    let count = "\(name), \(retries) \(retries == 1 ? "retry" : "retries")"
    return backoff == .immediate ? count : "\(count), backoff \(backoff)"
  }
}
