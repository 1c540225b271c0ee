/// A unit of start-up work: what to run, at which rank, and what its failure means.
///
/// A task is a value: define each one once (a static property reads well) and enqueue it from
/// wherever it is needed, any number of times. The closure receives a ``LaunchContext`` with the
/// parameter of the enqueue call and a way to enqueue more tasks.
///
/// ```swift
/// extension LaunchTask where Rank == AppRank {
///   static var login: LaunchTask {
///     LaunchTask(.login, policy: .required) { context in
///       try await auth.logIn()
///     }
///   }
/// }
/// queue.enqueue(.login)
/// ```
///
/// Tasks that touch the UI use ``onMainActor(_:name:key:policy:operation:)``.
public struct LaunchTask<Rank: Comparable & Sendable>: Sendable {
  /// The work itself, as the queue calls it.
  typealias Operation = @Sendable (LaunchContext<Rank>) async throws -> Void

  /// Where the task sits in start-up: smaller ranks run first.
  public let rank: Rank

  /// The name shown in events and in the launch report; the rank's description by default.
  public let name: String

  /// The key that de-duplicates waiting copies of this task; the name by default.
  public let key: LaunchKey

  /// What a failure of this task means, and how often it is retried first.
  public let policy: LaunchFailurePolicy

  /// Whether the work runs on the main actor.
  public let runsOnMainActor: Bool

  let operation: Operation

  /// Creates a task whose work runs off the main actor.
  ///
  /// - Parameters:
  ///   - rank: where the task sits in start-up; smaller ranks run first, equal ranks in the order
  ///     they were enqueued.
  ///   - name: the name shown in events and in the report; `String(describing: rank)` by default.
  ///   - key: what makes two waiting copies duplicates; the name by default.
  ///   - policy: what a failure means; ``LaunchFailurePolicy/required`` by default.
  ///   - operation: the work. Return to finish the task; throw to fail it. It may enqueue other
  ///     tasks through the context, and should stop early when its task is cancelled.
  public init(
    _ rank: Rank,
    name: String? = nil,
    key: LaunchKey? = nil,
    policy: LaunchFailurePolicy = .required,
    operation: @escaping @Sendable (LaunchContext<Rank>) async throws -> Void
  ) {
    self.init(rank, name: name, key: key, policy: policy, runsOnMainActor: false, operation: operation)
  }

  private init(
    _ rank: Rank, name: String?, key: LaunchKey?, policy: LaunchFailurePolicy, runsOnMainActor: Bool,
    operation: @escaping Operation
  ) {
    let name = name ?? String(describing: rank)
    self.rank = rank
    self.name = name
    self.key = key ?? LaunchKey(name)
    self.policy = policy
    self.runsOnMainActor = runsOnMainActor
    self.operation = operation
  }

  /// Creates a task whose work runs on the main actor, for start-up steps that present UI.
  ///
  /// The queue still runs one task at a time; only the work hops to the main actor, so waiting for
  /// the task never blocks the main thread.
  ///
  /// - Parameters:
  ///   - rank: where the task sits in start-up; smaller ranks run first.
  ///   - name: the name shown in events and in the report; `String(describing: rank)` by default.
  ///   - key: what makes two waiting copies duplicates; the name by default.
  ///   - policy: what a failure means; ``LaunchFailurePolicy/required`` by default.
  ///   - operation: the work, isolated to the main actor. Return to finish; throw to fail.
  public static func onMainActor(
    _ rank: Rank,
    name: String? = nil,
    key: LaunchKey? = nil,
    policy: LaunchFailurePolicy = .required,
    operation: @escaping @MainActor @Sendable (LaunchContext<Rank>) async throws -> Void
  ) -> LaunchTask {
    LaunchTask(rank, name: name, key: key, policy: policy, runsOnMainActor: true) { context in
      try await operation(context)
    }
  }
}
