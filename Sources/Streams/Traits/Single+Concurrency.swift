extension PrimitiveSequenceType where Trait == SingleTrait {
  /// A single that runs `work` in a new task for each subscription and succeeds with its result,
  /// or fails with its error; disposing cancels the task.
  ///
  /// - Parameters:
  ///   - detached: whether the task is detached (`Task.detached`) rather than inheriting the
  ///     caller's context (`Task`).
  ///   - priority: the priority of each subscription's task.
  ///   - work: the work of one subscription.
  @_disfavoredOverload
  public static func create(
    detached: Bool = false,
    priority: TaskPriority? = nil,
    work: @Sendable @escaping () async throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    create { single in
      let deliver = UncheckedBox(single)  // Called once, from the task.
      let operation: @Sendable () async -> Void = {
        do {
          deliver.value(.success(try await work()))
        } catch {
          deliver.value(.failure(error))
        }
      }
      let task =
        detached
        ? Task.detached(priority: priority, operation: operation) : Task(priority: priority, operation: operation)
      return Disposables.create { task.cancel() }
    }
  }
}
