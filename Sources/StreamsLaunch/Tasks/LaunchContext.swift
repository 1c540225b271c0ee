/// What a running task receives: who it is, the parameter it was enqueued with, what its
/// dependencies produced, and its queue.
///
/// A context is valid while its task runs; enqueueing through it after the queue ended is rejected
/// like any other late enqueue.
public struct LaunchContext<Rank: Comparable & Sendable>: Sendable {
  /// The running task.
  public let task: LaunchTaskInfo<Rank>

  /// Which run this is: `1` for the first, `2` for the first retry, and so on.
  public let attempt: Int

  /// The parameter given to the enqueue call, if any.
  public let parameter: (any Sendable)?

  /// How each of the task's needs settled when the task started.
  let dependencies: [LaunchKey: LaunchDependencyGraph<Rank>.Settlement]

  let storage: LaunchQueueStorage<Rank>

  /// The parameter, as a `Parameter`.
  ///
  /// - Throws: ``LaunchParameterError`` when the enqueue call gave no parameter or one of another
  ///   type. Not catching it fails the task, with an error that names the task and both types.
  public func parameter<Parameter>(as type: Parameter.Type = Parameter.self) throws(LaunchParameterError)
    -> Parameter
  {
    guard let parameter else {
      throw .missing(task: task.name, expected: String(describing: type))
    }
    guard let typed = parameter as? Parameter else {
      throw .wrongType(
        task: task.name, expected: String(describing: type), actual: String(describing: Swift.type(of: parameter)))
    }
    return typed
  }

  /// The value the dependency of `key` produced.
  ///
  /// - Throws: ``LaunchDependencyError/failed(task:dependency:key:error:)`` when the dependency did
  ///   not succeed (only an optional one lets its dependents run);
  ///   ``LaunchDependencyError/undeclared(task:dependency:)`` when the task does not list the key in
  ///   its `needs`; ``LaunchDependencyError/noResult(task:dependency:expected:)`` when the dependency
  ///   produced no `Value`. Not catching it fails the task.
  public func result<Value>(of key: LaunchResultKey<Value>) throws(LaunchDependencyError) -> Value {
    if let failure = failure(of: key.key) { throw failure }
    guard case .success(let value)? = dependencies[key.key]?.result, let typed = value as? Value else {
      throw .noResult(task: task.name, dependency: key.key, expected: String(describing: Value.self))
    }
    return typed
  }

  /// Why the dependency of `key` did not succeed, or `nil` if it did.
  ///
  /// An optional dependency that failed (or was cancelled) lets its dependents run; this is how
  /// they see it. For a key the task does not list in its `needs`, the error is
  /// ``LaunchDependencyError/undeclared(task:dependency:)``.
  public func failure(of key: LaunchKey) -> LaunchDependencyError? {
    guard task.needs.contains(key), let settlement = dependencies[key] else {
      return .undeclared(task: task.name, dependency: key)
    }
    guard case .failure(let error) = settlement.result else { return nil }
    return .failed(task: task.name, dependency: settlement.task.description, key: key, error: error)
  }

  /// Enqueues another task on this task's queue, exactly as ``LaunchQueue/enqueue(_:parameter:key:onDuplicate:)``.
  ///
  /// With the default ``LaunchConcurrency/serial`` queue, the new task runs after this one returns,
  /// in rank order: a task of a smaller rank than this one (a failed login re-enqueueing "check my
  /// information") runs next. With lanes it may start while this one runs, in a free slot; give it
  /// this task's key in its `needs` to make it wait.
  @discardableResult
  public func enqueue(
    _ task: LaunchTask<Rank>,
    parameter: (any Sendable)? = nil,
    key: LaunchKey? = nil,
    onDuplicate policy: LaunchDuplicatePolicy = .keepExisting
  ) -> LaunchEnqueueResult {
    storage.enqueue(task, parameter: parameter, key: key, onDuplicate: policy)
  }
}
