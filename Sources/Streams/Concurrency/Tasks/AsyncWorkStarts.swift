/// Where the async operators (``AsyncTransformObservable``) count the tasks they create that have
/// not started yet, for a ``VirtualTimeClock`` that must not move time before they start (a new
/// task may reach its actor later than the clock's yields would see).
///
/// A task-local, `nil` in production: an async operator reads it once per element (no lock) and
/// counts nothing. ``VirtualTimeClock`` binds its scheduler's count while it runs the scheduler's
/// items, so the tasks created by the work it runs are counted, and only in that test's scheduler.
enum AsyncWorkStarts {
  /// The count of the virtual-time scheduler whose item runs on this task now, if any.
  @TaskLocal static var current: PendingCount?
}
