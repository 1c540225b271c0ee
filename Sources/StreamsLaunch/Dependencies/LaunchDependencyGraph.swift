/// Which keys are still to come, what each finished key produced, and which waiting tasks wait
/// for which key.
///
/// A dependency on a key is met when no task of that key is waiting, running or about to be
/// retried, and one has closed (finished, failed, been cancelled): the latest one's ``Settlement``
/// is what the dependent sees. Pure bookkeeping, under the queue's lock.
struct LaunchDependencyGraph<Rank: Comparable & Sendable>: Sendable {
  /// How the latest task of a key closed.
  struct Settlement: Sendable {
    let task: LaunchTaskInfo<Rank>
    /// The value it produced (`nil` for a task without a result), or why it did not succeed.
    let result: Result<(any Sendable)?, any Error>

    /// Whether the dependents must fail rather than run: a required task that did not succeed.
    var blocksDependents: Bool {
      if case .failure = result { return task.policy.isRequired }
      return false
    }
  }

  /// How many tasks of each key are waiting, running or about to be retried.
  private var active: [LaunchKey: Int] = [:]
  /// The latest settlement of each key.
  private(set) var settled: [LaunchKey: Settlement] = [:]
  /// The waiting tasks that wait for each key.
  private var blockedOn: [LaunchKey: [LaunchTaskID]] = [:]

  /// A task of `key` arrived.
  mutating func activated(_ key: LaunchKey) {
    guard key.name != nil else { return }
    active[key, default: 0] += 1
  }

  /// A task of `key` is gone, closing with `settlement` (`nil` when it was replaced by another of
  /// the same key). Returns the tasks that waited for the key if it is now met.
  mutating func deactivated(_ key: LaunchKey, settling settlement: Settlement?) -> [LaunchTaskID] {
    guard key.name != nil, let count = active[key] else { return [] }
    if let settlement { settled[key] = settlement }
    if count > 1 {
      active[key] = count - 1
      return []
    }
    active[key] = nil
    guard settled[key] != nil else { return [] }
    return blockedOn.removeValue(forKey: key) ?? []
  }

  /// Whether the dependency on `key` is met.
  func isMet(_ key: LaunchKey) -> Bool { active[key] == nil && settled[key] != nil }

  /// Whether no task of `key` ever arrived (nor is waiting).
  func isMissing(_ key: LaunchKey) -> Bool { active[key] == nil && settled[key] == nil }

  /// Records that task `id` waits for `key`.
  mutating func block(_ id: LaunchTaskID, on key: LaunchKey) {
    blockedOn[key, default: []].append(id)
  }
}
