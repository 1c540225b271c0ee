/// How many tasks a ``LaunchQueue`` runs at once, and on which lanes.
///
/// ``serial`` (the default) runs one task at a time, whichever its lane: the order is exactly the
/// rank order. ``lanes(background:)`` gives main-actor tasks a lane of their own (one at a time)
/// and runs up to `background` other tasks at once. In every configuration a task starts only when
/// what it needs has finished, and whenever a lane has room the smallest ready rank (then the
/// earliest enqueued) goes first.
///
/// ```swift
/// let queue = LaunchQueue<AppRank>(concurrency: .lanes(background: 3))
/// ```
///
/// A struct over internal values, so that configurations can be added later.
public struct LaunchConcurrency: Hashable, Sendable, CustomStringConvertible {
  /// How many background tasks may run at once.
  public let backgroundLimit: Int

  /// Whether main-actor tasks have a lane of their own; when `false`, every task shares one lane.
  public let separatesMainActor: Bool

  private init(backgroundLimit: Int, separatesMainActor: Bool) {
    self.backgroundLimit = Swift.max(1, backgroundLimit)
    self.separatesMainActor = separatesMainActor
  }

  /// One task at a time, whatever its lane: StreamsLaunch's original behaviour and the default.
  public static let serial = LaunchConcurrency(backgroundLimit: 1, separatesMainActor: false)

  /// Main-actor tasks on a lane of their own, one at a time, beside up to `background` other tasks
  /// at once (at least one).
  public static func lanes(background: Int) -> LaunchConcurrency {
    LaunchConcurrency(backgroundLimit: background, separatesMainActor: true)
  }

  /// `serial`, or the lanes and their limits.
  public var description: String {
    separatesMainActor ? "lanes(main actor: 1, background: \(backgroundLimit))" : "serial"
  }
}
