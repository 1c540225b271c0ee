/// A task asked for its parameter as a type the enqueue call did not give.
public enum LaunchParameterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The task was enqueued without a parameter.
  case missing(task: String, expected: String)

  /// The task was enqueued with a parameter of another type.
  case wrongType(task: String, expected: String, actual: String)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .missing(let task, let expected):
      return "Task \"\(task)\" expects a parameter of type \(expected) but was enqueued without one. "
        + "Pass it with enqueue(_:parameter:), or read context.parameter when it is optional."
    case .wrongType(let task, let expected, let actual):
      return "Task \"\(task)\" expects a parameter of type \(expected) but was enqueued with a \(actual). "
        + "Check the enqueue call for this task."
    }
  }
}
