import Dispatch

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
/// A task may name the tasks it needs by key (`needs: ["login"]`) and read their results typed
/// (``LaunchResultKey``). Tasks that touch the UI use ``onMainActor(_:name:key:policy:needs:deadline:operation:)``.
public struct LaunchTask<Rank: Comparable & Sendable>: Sendable {
  /// The work itself, as the queue calls it: the value is the task's result, if it produces one.
  typealias Operation = @Sendable (LaunchContext<Rank>) async throws -> (any Sendable)?

  /// Where the task sits in start-up: smaller ranks run first.
  public let rank: Rank

  /// The name shown in events and in the launch report; the rank's description by default.
  public let name: String

  /// The key that de-duplicates waiting copies of this task; the name by default. Other tasks name
  /// it in their `needs`.
  public let key: LaunchKey

  /// What a failure of this task means, and how often it is retried first.
  public let policy: LaunchFailurePolicy

  /// Whether the work runs on the main actor.
  public let runsOnMainActor: Bool

  /// The keys of the tasks that must have finished before this one starts.
  public let needs: [LaunchKey]

  /// How long each attempt may run before the queue cancels it and fails it with
  /// ``LaunchDeadlineExceeded``; `nil` for no limit.
  public let deadline: DispatchTimeInterval?

  let operation: Operation

  /// The lane the task runs on.
  public var lane: LaunchLane { runsOnMainActor ? .mainActor : .background }

  /// Creates a task whose work runs off the main actor.
  ///
  /// - Parameters:
  ///   - rank: where the task sits in start-up; smaller ranks run first, equal ranks in the order
  ///     they were enqueued.
  ///   - name: the name shown in events and in the report; `String(describing: rank)` by default.
  ///   - key: what makes two waiting copies duplicates; the name by default.
  ///   - policy: what a failure means; ``LaunchFailurePolicy/required`` by default.
  ///   - needs: the keys of the tasks that must finish first (see ``LaunchQueue``'s dependency rules);
  ///     none by default.
  ///   - deadline: how long each attempt may run; no limit by default.
  ///   - operation: the work. Return to finish the task; throw to fail it. It may enqueue other
  ///     tasks through the context, and should stop early when its task is cancelled.
  public init(
    _ rank: Rank,
    name: String? = nil,
    key: LaunchKey? = nil,
    policy: LaunchFailurePolicy = .required,
    needs: [LaunchKey] = [],
    deadline: DispatchTimeInterval? = nil,
    operation: @escaping @Sendable (LaunchContext<Rank>) async throws -> Void
  ) {
    self.init(
      rank, name: name, key: key, policy: policy, needs: needs, deadline: deadline, runsOnMainActor: false
    ) { context in
      try await operation(context)
      return nil
    }
  }

  /// Creates a task whose work runs off the main actor and produces a value its dependents read
  /// with ``LaunchContext/result(of:)``.
  ///
  /// The task's key is `result`'s ``LaunchResultKey/key``. The other parameters are those of
  /// ``init(_:name:key:policy:needs:deadline:operation:)``.
  public init<Value: Sendable>(
    _ rank: Rank,
    produces result: LaunchResultKey<Value>,
    name: String? = nil,
    policy: LaunchFailurePolicy = .required,
    needs: [LaunchKey] = [],
    deadline: DispatchTimeInterval? = nil,
    operation: @escaping @Sendable (LaunchContext<Rank>) async throws -> Value
  ) {
    self.init(
      rank, name: name, key: result.key, policy: policy, needs: needs, deadline: deadline, runsOnMainActor: false
    ) { context in try await operation(context) }
  }

  private init(
    _ rank: Rank, name: String?, key: LaunchKey?, policy: LaunchFailurePolicy, needs: [LaunchKey],
    deadline: DispatchTimeInterval?, runsOnMainActor: Bool, operation: @escaping Operation
  ) {
    let name = name ?? String(describing: rank)
    self.rank = rank
    self.name = name
    self.key = key ?? LaunchKey(name)
    self.policy = policy
    self.needs = needs
    self.deadline = deadline
    self.runsOnMainActor = runsOnMainActor
    self.operation = operation
  }

  /// Creates a task whose work runs on the main actor, for start-up steps that present UI.
  ///
  /// Only the work hops to the main actor, so waiting for the task never blocks the main thread.
  /// With ``LaunchConcurrency/lanes(background:)`` it runs on the main-actor lane, beside the
  /// background tasks.
  ///
  /// - Parameters:
  ///   - rank: where the task sits in start-up; smaller ranks run first.
  ///   - name: the name shown in events and in the report; `String(describing: rank)` by default.
  ///   - key: what makes two waiting copies duplicates; the name by default.
  ///   - policy: what a failure means; ``LaunchFailurePolicy/required`` by default.
  ///   - needs: the keys of the tasks that must finish first; none by default.
  ///   - deadline: how long each attempt may run; no limit by default.
  ///   - operation: the work, isolated to the main actor. Return to finish; throw to fail.
  public static func onMainActor(
    _ rank: Rank,
    name: String? = nil,
    key: LaunchKey? = nil,
    policy: LaunchFailurePolicy = .required,
    needs: [LaunchKey] = [],
    deadline: DispatchTimeInterval? = nil,
    operation: @escaping @MainActor @Sendable (LaunchContext<Rank>) async throws -> Void
  ) -> LaunchTask {
    LaunchTask(
      rank, name: name, key: key, policy: policy, needs: needs, deadline: deadline, runsOnMainActor: true
    ) { context in
      try await operation(context)
      return nil
    }
  }

  /// Creates a task whose work runs on the main actor and produces a value for its dependents.
  ///
  /// The task's key is `result`'s ``LaunchResultKey/key``; the other parameters are those of
  /// ``onMainActor(_:name:key:policy:needs:deadline:operation:)``.
  public static func onMainActor<Value: Sendable>(
    _ rank: Rank,
    produces result: LaunchResultKey<Value>,
    name: String? = nil,
    policy: LaunchFailurePolicy = .required,
    needs: [LaunchKey] = [],
    deadline: DispatchTimeInterval? = nil,
    operation: @escaping @MainActor @Sendable (LaunchContext<Rank>) async throws -> Value
  ) -> LaunchTask {
    LaunchTask(
      rank, name: name, key: result.key, policy: policy, needs: needs, deadline: deadline, runsOnMainActor: true
    ) { context in try await operation(context) }
  }
}
