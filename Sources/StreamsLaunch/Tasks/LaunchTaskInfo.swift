/// What the queue tells about one enqueued task: in events, in the report and to the task itself.
public struct LaunchTaskInfo<Rank: Comparable & Sendable>: Sendable, CustomStringConvertible {
  /// The identifier of this enqueue call.
  public let id: LaunchTaskID

  /// The task's rank.
  public let rank: Rank

  /// The task's name.
  public let name: String

  /// The key the task was enqueued with.
  public let key: LaunchKey

  /// The task's failure policy.
  public let policy: LaunchFailurePolicy

  /// Whether the task's work runs on the main actor.
  public let runsOnMainActor: Bool

  /// The keys of the tasks it needs, as given to the task.
  public let needs: [LaunchKey]

  /// The lane the task runs on.
  public var lane: LaunchLane { runsOnMainActor ? .mainActor : .background }

  /// The name followed by the identifier, as in `login #4`.
  public var description: String { "\(name) \(id)" }
}

extension LaunchTaskInfo: Equatable where Rank: Equatable {}
extension LaunchTaskInfo: Hashable where Rank: Hashable {}
