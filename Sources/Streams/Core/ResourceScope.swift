/// A count of live resources: the whole process's (``process``, behind `Resources.total`), or
/// the resources one `Resources.live(after:)` call created on its task (``current`` while it
/// runs).
final class ResourceScope: Sendable {
  /// Every counted resource of the process.
  static let process = ResourceScope()

  /// The scope of the `Resources.live(after:)` call running on this task, if any.
  @TaskLocal static var current: ResourceScope?

  private let live = LockedState(0)

  /// The resources counted in this scope and alive now.
  var count: Int { live.snapshot }

  /// Adds `delta` to the count; returns the new count.
  @discardableResult
  func add(_ delta: Int) -> Int {
    live.withLock { count in
      count += delta
      return count
    }
  }
}
