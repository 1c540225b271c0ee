/// RxSwift's resource count: the subscriptions, sinks, disposables, observable sequences,
/// subjects' observers and schedulers' scheduled items alive now, for tests that check a piece of
/// code releases everything it subscribed.
///
/// RxSwift counts only when it is built with `TRACE_RESOURCES`. Streams decides at run time, as
/// SwiftPM cannot set a flag for a dependency: counting is on in a process started with the
/// environment variable `STREAMS_TRACE_RESOURCES=1`, or once a test sets ``isTracing`` to `true`.
/// Off (the default), it costs one load of a flag per object created and a test of one field per
/// object released: the benchmarks (`Benchmarks/README.md`) show no difference beyond their noise.
/// On, each counted object takes two lock holds more: the rows that create a subscription per unit
/// of work got slower (create, subscribe, send, dispose: about 1.4×; `flatMap { just }`: about
/// 1.6×), the rows that only deliver elements did not.
///
/// The RxSwift idiom works unchanged, in a test process where nothing else runs at the same time
/// (XCTest runs one test at a time):
///
/// ```swift
/// let start = Resources.total
/// // subscribe, run, dispose…
/// XCTAssertEqual(Resources.total, start)
/// ```
///
/// Swift Testing runs tests in parallel in one process, so ``total`` moves with every test. Count
/// one piece of code on its own with ``live(after:)``, which counts only what that code creates
/// on its own task, or with StreamsTest's `assertNoLeakedResources`.
///
/// - Important: Only what is created while counting is on is counted, and each counted object
///   leaves the count when it is released, even if counting was switched off meanwhile; switch it
///   on before the first subscription you want to count.
public enum Resources {
  /// The number of counted resources alive now, in the whole process.
  public static var total: Int32 { Int32(truncatingIfNeeded: ResourceScope.process.count) }

  /// Whether new objects are counted. Starts as `true` when the process's environment has
  /// `STREAMS_TRACE_RESOURCES=1`, otherwise `false`; setting it affects objects created from then
  /// on.
  public static var isTracing: Bool {
    get { TracingMode.current == .on }
    set { TracingMode.current = newValue ? .on : .off }
  }

  /// Counts one resource of your own (RxSwift's hook for custom disposables), whether or not
  /// ``isTracing`` is on; pair it with ``decrementTotal()``. Returns the new ``total``.
  @discardableResult
  public static func incrementTotal() -> Int32 {
    Int32(truncatingIfNeeded: ResourceScope.process.add(1))
  }

  /// Uncounts a resource counted with ``incrementTotal()``. Returns the new ``total``.
  @discardableResult
  public static func decrementTotal() -> Int32 {
    Int32(truncatingIfNeeded: ResourceScope.process.add(-1))
  }

  /// Switches counting on, runs `body`, and returns how many of the resources that `body` created
  /// on this task are still alive after it returned: 0 when it released everything it subscribed.
  ///
  /// Only resources created on the calling task (or thread, outside a task) are attributed to
  /// `body`, so tests running in parallel do not disturb each other's count. Work that `body`
  /// starts on other threads (a dispatch queue scheduler) is counted in ``total`` only. Virtual
  /// time runs on the caller's task, so everything a `TestScheduler` runs inside `body` counts.
  /// A call nested in `body` counts what its own closure creates in its own result only.
  public static func live(after body: () throws -> Void) rethrows -> Int32 {
    isTracing = true
    let scope = ResourceScope()
    try ResourceScope.$current.withValue(scope, operation: body)
    return Int32(truncatingIfNeeded: scope.count)
  }

  /// The `async` form of ``live(after:)``: counts what `body` creates on its task.
  public static func live(
    isolation: isolated (any Actor)? = #isolation, after body: () async throws -> Void
  ) async rethrows -> Int32 {
    isTracing = true
    let scope = ResourceScope()
    try await ResourceScope.$current.withValue(scope, operation: body, isolation: isolation)
    return Int32(truncatingIfNeeded: scope.count)
  }
}
