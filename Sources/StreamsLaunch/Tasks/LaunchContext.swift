/// What a running task receives: who it is, the parameter it was enqueued with, and its queue.
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

  /// Enqueues another task on this task's queue, exactly as ``LaunchQueue/enqueue(_:parameter:key:onDuplicate:)``.
  ///
  /// The new task runs after this one returns, in rank order: a task of a smaller rank than this
  /// one (a failed login re-enqueueing "check my information") runs next.
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
