/// The tasks ``AsyncTransformObservable`` (the async operators) created that have not started
/// running yet, process wide: ``VirtualTimeClock``'s `advance` waits for them to start before it
/// moves time, since a new task may reach its actor later than the clock's yields would see.
enum AsyncWorkStarts {
  static let pending = PendingCount()
}
