/// Why a task's dependencies kept it from running, or why reading a dependency's result failed.
///
/// ``cycle(task:path:)``, ``unnamed(task:)``, and ``missing(task:dependency:)`` for a task enqueued
/// after ``LaunchQueue/finish()``, are decided at enqueue time: the call returns
/// ``LaunchEnqueueResult/refused(_:)`` and nothing is added. A task that cannot run because a
/// dependency never arrived (``missing(task:dependency:)``, decided when the queue finishes, for a
/// task enqueued before) or because a required dependency did not succeed
/// (``failed(task:dependency:key:error:)``) fails without running: it gets a ``LaunchEvent/failed(_:_:)`` event with attempt `0` and this error,
/// and then counts like any failure (a required task stops start-up; an optional one is reported).
/// The last two cases come from ``LaunchContext/result(of:)``.
public enum LaunchDependencyError: Error, Sendable, CustomStringConvertible {
  /// Enqueueing the task would close a cycle: `path` starts at the task's key and follows `needs`
  /// back to it. The task was not added.
  case cycle(task: String, path: [LaunchKey])

  /// The task lists ``LaunchKey/unique`` among its needs, which no task can ever satisfy. The
  /// task was not added.
  case unnamed(task: String)

  /// No task with the key the task needs had ever been enqueued, and start-up was fully enqueued
  /// (``LaunchQueue/finish()``): refused at enqueue, or, for a task enqueued before, decided when
  /// nothing else can run.
  case missing(task: String, dependency: LaunchKey)

  /// A dependency did not succeed: it failed after its retries, was cancelled, or could not run
  /// itself. `dependency` names it (as in `login #2`). For a required dependency the dependent
  /// does not run; for an optional one it runs and reads this error from the context.
  case failed(task: String, dependency: String, key: LaunchKey, error: any Error)

  /// The task read a result it did not list in its `needs`.
  case undeclared(task: String, dependency: LaunchKey)

  /// The dependency succeeded without producing a value of the type asked for: it was enqueued
  /// without a ``LaunchResultKey``, or with one of another type.
  case noResult(task: String, dependency: LaunchKey, expected: String)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .cycle(let task, let path):
      return "Task \"\(task)\" was not enqueued: its dependencies form a cycle "
        + "(\(path.map(\.description).joined(separator: " → "))). Remove one of the needs."
    case .unnamed(let task):
      return "Task \"\(task)\" was not enqueued: it needs LaunchKey.unique, which no task can satisfy. "
        + "Name the dependency's key instead."
    case .missing(let task, let dependency):
      return "Task \"\(task)\" needs \"\(dependency)\", but the queue finished without any task of that key. "
        + "Enqueue the dependency, or drop it from the needs."
    case .failed(let task, let dependency, _, let error):
      return "Task \"\(task)\" depends on \(dependency), which did not succeed: \(error)."
    case .undeclared(let task, let dependency):
      return "Task \"\(task)\" read the result of \"\(dependency)\", which it does not list in its needs. "
        + "Add it to the task's needs."
    case .noResult(let task, let dependency, let expected):
      return "Task \"\(task)\" read a \(expected) from \"\(dependency)\", which produced none. Enqueue the "
        + "dependency with LaunchTask(_:produces:) and the same LaunchResultKey."
    }
  }
}
