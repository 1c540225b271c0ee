/// Which queue's task, if any, the current Swift task is running.
///
/// Lets ``LaunchQueue/finished()`` and ``LaunchQueue/idle()`` notice a task waiting for its own
/// queue, which would otherwise wait forever.
enum CurrentLaunchTask {
  /// The queue (its storage) and the name of the task being run.
  struct Marker: Sendable {
    let queue: ObjectIdentifier
    let task: String
  }

  @TaskLocal static var marker: Marker?
}
