/// Runs every action at once, on the calling thread.
public struct ImmediateScheduler: ImmediateSchedulerType {
  /// The shared instance.
  public static let instance = ImmediateScheduler()

  /// Creates an immediate scheduler.
  public init() {}

  /// Runs `action` now and returns its disposable.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    action(state)
  }
}
