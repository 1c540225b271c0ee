import Foundation

/// Runs work as operations on an `OperationQueue`, at a given queue priority.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
  // Unchecked: only `let`s; `OperationQueue` is thread-safe.
  /// The queue the operations are added to.
  public let operationQueue: OperationQueue
  /// The priority of each operation.
  public let queuePriority: Operation.QueuePriority

  /// Creates a scheduler that adds operations to `operationQueue` with `queuePriority`.
  public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
    self.operationQueue = operationQueue
    self.queuePriority = queuePriority
  }

  /// Adds an operation that runs `action`; disposing before it starts cancels it.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    let result = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action))
    let operation = BlockOperation {
      guard !result.isDisposed else { return }
      result.setDisposable(work.value.1(work.value.0))
    }
    operation.queuePriority = queuePriority
    operationQueue.addOperation(operation)
    return Disposables.create(with: {
      operation.cancel()
      result.dispose()
    })
  }
}
