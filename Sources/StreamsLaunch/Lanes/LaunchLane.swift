/// Where a task runs: on the main actor or off it.
///
/// A task's lane follows from how it was made: ``LaunchTask/onMainActor(_:name:key:policy:needs:deadline:operation:)``
/// tasks are on ``mainActor``, the others on ``background``. With ``LaunchConcurrency/lanes(background:)``
/// each lane has its own limit, so a UI task never waits for a background task it does not need.
public enum LaunchLane: Hashable, Sendable, CustomStringConvertible {
  /// Work isolated to the main actor.
  case mainActor

  /// Work off the main actor.
  case background

  /// `main actor` or `background`.
  public var description: String {
    switch self {
    case .mainActor: return "main actor"
    case .background: return "background"
    }
  }
}
