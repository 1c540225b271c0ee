import Dispatch
import Streams

/// A start-up task queue: ranked, de-duplicated tasks from many entry points, run one at a time or
/// on parallel lanes, each after the tasks it needs.
///
/// Start-up is a chain of dependent steps (network check, permissions, the user's information,
/// login, app info, banners), while push payloads and URL opens arrive at any moment and must run
/// in the right place in that chain. Give each step a rank (an enum of your own works well: its
/// cases are ordered as declared) and enqueue tasks from wherever they come:
///
/// ```swift
/// enum AppRank: Comparable { case network, myInformation, login, handlePush, appInfo, banner }
///
/// let queue = LaunchQueue<AppRank>()
/// queue.enqueue(.network)
/// queue.enqueue(.login)
/// queue.enqueue(.appInfo)
/// queue.start()
/// // Later, from the app delegate: lands after login, before app info.
/// queue.enqueue(.handlePush, parameter: payload, key: .unique)
/// queue.finish()
/// try await queue.finished()
/// print(queue.report())
/// ```
///
/// The rules:
/// - Tasks run one at a time, smallest rank first; equal ranks run in the order they were enqueued.
///   A task enqueued while another runs waits for it, whatever its rank. With
///   ``LaunchConcurrency/lanes(background:)``, main-actor tasks have a lane of their own and up to
///   the limit of other tasks run at once; whenever a lane has room, the same order decides.
/// - A task that lists `needs` (keys of other tasks) starts only once the latest task of each key
///   has finished; among ready tasks, rank then enqueue order decides. It may be enqueued before or
///   after what it needs. A cycle is refused at enqueue (``LaunchEnqueueResult/refused(_:)``), and
///   so is a need no task ever had once ``finish()`` was called; a need that never arrives fails
///   the task when the queue finishes; a required dependency that
///   fails fails its dependents, naming it; an optional one lets them run, and they can read the
///   failure (``LaunchContext/failure(of:)``) or the results of the others
///   (``LaunchContext/result(of:)``). See ``LaunchDependencyError``.
/// - Any thread may enqueue, before or after ``start()``; nothing enqueued before ``start()`` is
///   dropped. A running task may enqueue others through its ``LaunchContext``, also of a smaller
///   rank than its own: they run next.
/// - A task whose ``LaunchKey`` matches a task still waiting is merged with it, as the call's
///   ``LaunchDuplicatePolicy`` says.
/// - A task that throws, or overruns its `deadline` (``LaunchDeadlineExceeded``), is retried as its
///   ``LaunchFailurePolicy`` says, after the waits of its ``LaunchBackoff``; then a required task
///   stops start-up (tasks still running are cancelled) and an optional one is reported.
/// - Progress is sent as ``LaunchEvent``s on ``events`` and ``asyncEvents``; ``report()`` gives
///   each task's start, duration and outcome, and exports a trace (``LaunchReport/chromeTraceJSON()``,
///   ``LaunchReport/timelineSVG()``).
/// - Waiting, with ``idle()`` and ``finished()``, suspends; it never blocks a thread.
///
/// - Important: keep a reference to the queue while start-up runs. Releasing the last one cancels
///   the queue, as ``cancel()`` does, so that nothing waits for it forever.
public final class LaunchQueue<Rank: Comparable & Sendable>: Sendable {
  let storage: LaunchQueueStorage<Rank>

  /// Creates a queue that has not started.
  ///
  /// - Parameters:
  ///   - scheduler: the scheduler whose time the queue measures tasks with, and on which task
  ///     deadlines and retry waits run (no task runs on it); a background dispatch queue by
  ///     default. The queue reads the system's monotonic clock, which changes to the wall clock
  ///     don't move, or the scheduler's own clock when it keeps virtual time: tests pass
  ///     StreamsTest's `TestScheduler` and advance it, so durations are exact and no test sleeps.
  ///   - concurrency: how many tasks run at once, and on which lanes; ``LaunchConcurrency/serial``
  ///     (one at a time) by default.
  public init(
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility),
    concurrency: LaunchConcurrency = .serial
  ) {
    storage = LaunchQueueStorage(scheduler: scheduler, concurrency: concurrency)
  }

  deinit {
    storage.cancelAll()
  }

  /// The queue's progress, as a hot observable.
  ///
  /// A subscriber receives the events sent after it subscribed, one at a time and in order, on
  /// whichever thread delivers them, and then `completed` when the queue ends (for any reason; the
  /// last element, ``LaunchEvent/ended(_:)``, says why). Subscribing after the end completes at
  /// once. An observer may call the queue (enqueue, cancel) from inside `onNext`; what that causes
  /// is delivered after the current event.
  public var events: Observable<LaunchEvent<Rank>> { storage.events }

  /// The queue's progress, as an asynchronous sequence.
  ///
  /// Each iterator receives every event sent from the moment it was made, buffered without limit,
  /// and ends after ``LaunchEvent/ended(_:)``, or when the task iterating it is cancelled.
  public var asyncEvents: LaunchEventSequence<Rank> { storage.events.asInfallible(onErrorFallbackTo: .empty()).values }

  /// Adds a task; it runs in rank order once the queue has started.
  ///
  /// Safe to call from any thread, at any time, and from inside a running task or an event observer.
  ///
  /// - Parameters:
  ///   - task: the task to run.
  ///   - parameter: a value for the task, read with ``LaunchContext/parameter(as:)``.
  ///   - key: the key that de-duplicates waiting copies; the task's ``LaunchTask/key`` by default.
  ///   - policy: what to do when a task with the same key is waiting; keep it by default.
  /// - Returns: what the call did. After the queue ended (or while it is being cancelled), nothing is
  ///   added and the result is ``LaunchEnqueueResult/rejected(_:)``; no event is sent.
  @discardableResult
  public func enqueue(
    _ task: LaunchTask<Rank>,
    parameter: (any Sendable)? = nil,
    key: LaunchKey? = nil,
    onDuplicate policy: LaunchDuplicatePolicy = .keepExisting
  ) -> LaunchEnqueueResult {
    storage.enqueue(task, parameter: parameter, key: key, onDuplicate: policy)
  }

  /// Starts running tasks, from the smallest rank; later calls do nothing.
  ///
  /// Returns at once: tasks run on their own Swift tasks (or on the main actor when marked so).
  /// With nothing ready to run, the queue is ``LaunchEvent/idle`` at once.
  public func start() {
    storage.start()
  }

  /// Says that start-up has been fully enqueued: the queue ends once nothing waits or runs.
  ///
  /// From then on, a need that no task has ever had is final: a task enqueued with one is refused
  /// (``LaunchEnqueueResult/refused(_:)``), and a task already waiting for one fails with
  /// ``LaunchDependencyError/missing(task:dependency:)`` once nothing else can run, instead of
  /// waiting forever. Enqueue a dependency before its dependents after this call.
  ///
  /// Tasks may still be enqueued until then (a push payload arriving during the last task is run).
  /// May be called before ``start()``. Without it the queue never ends on its own, which suits a
  /// queue that lives as long as the app; ``idle()`` then tells when it has caught up.
  public func finish() {
    storage.finish()
  }

  /// Cancels the queue: waiting tasks are skipped, the running ones are cancelled, and the queue ends.
  ///
  /// Returns at once. Each running task's Swift task is cancelled (``LaunchGate`` waits throw, and
  /// `Task.isCancelled` becomes true); a task waiting for a retry is reported cancelled at once; the
  /// queue ends when the last running task returns, with
  /// ``LaunchOutcome/cancelled``, after reporting it. Events are never lost: every task gets its
  /// closing event before ``LaunchEvent/ended(_:)``. Does nothing once the queue has ended.
  public func cancel() {
    storage.cancelAll()
  }

  /// Cancels one task: skips it if it waits, cancels its Swift task if it runs, ends its wait if it
  /// waits for a retry.
  ///
  /// A running task that throws after this is reported as ``LaunchEvent/cancelled(_:duration:)``,
  /// is not retried and does not stop start-up, whatever its policy. For its dependents it did not
  /// succeed: if it is required, they fail (and a required dependent then stops start-up).
  ///
  /// - Returns: whether the task was waiting, running or waiting for a retry.
  @discardableResult
  public func cancel(_ id: LaunchTaskID) -> Bool {
    storage.cancel(id)
  }

  /// Suspends until the queue has started and nothing is ready or runs (tasks may still wait for
  /// needs that have not arrived), or the queue has ended.
  ///
  /// Returns at once if that is already so, and when the calling task is cancelled. Called from
  /// inside one of this queue's tasks (which can never see its own queue idle), it returns at once.
  /// When it returns because the queue became idle, every event up to ``LaunchEvent/idle`` has been
  /// delivered.
  public func idle() async {
    await storage.idle()
  }

  /// Suspends until the queue ends, and tells how.
  ///
  /// The queue ends after ``finish()`` once nothing waits or runs, when a required task fails, or
  /// when it is cancelled. When this returns or throws because the queue ended, every event,
  /// including ``LaunchEvent/ended(_:)``, has been delivered.
  ///
  /// - Throws: ``LaunchError/requiredTaskFailed(_:)`` naming the task and its error;
  ///   ``LaunchError/cancelled`` if the queue was cancelled; ``LaunchError/waitCancelled`` if the
  ///   calling task was cancelled (the queue carries on); ``LaunchError/waitedFromInsideTask(task:)``
  ///   if one of the queue's own tasks called it.
  public func finished() async throws(LaunchError) {
    try await storage.finished()
  }

  /// Each task's start, duration, attempts, lanes and outcome so far.
  public func report() -> LaunchReport<Rank> {
    storage.report()
  }
}
