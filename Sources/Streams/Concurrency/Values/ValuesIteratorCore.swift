/// The consumer side shared by the iterators of ``AsyncObservableSequence`` and
/// ``AsyncInfallibleSequence``.
///
/// It keeps a local batch: with the unbounded policy, one lock acquisition moves everything the
/// upstream buffered into the batch, and later calls return from it without locking or suspending.
@usableFromInline @frozen
struct ValuesIteratorCore<Element: Sendable> {
  @usableFromInline let lifetime: ValuesIteratorLifetime<Element>
  @usableFromInline var batch: ContiguousArray<Element>
  @usableFromInline var index: Int

  /// Subscribes to `source` now, on the calling thread.
  @inlinable
  init(source: Observable<Element>, policy: AsyncBufferingPolicy) {
    let storage = ValuesStorage<Element>(policy: policy)
    lifetime = ValuesIteratorLifetime(storage: storage)
    batch = []
    index = 0
    storage.subscribe(to: source)
  }

  /// The next element; `nil` at the end. After the task was cancelled, the elements buffered so
  /// far, then `CancellationError` (unless the source had already ended).
  @inlinable @inline(__always)
  mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
    if index < batch.count {
      let element = batch[index]
      index &+= 1
      return element
    }
    return try await refill(isolation: actor)
  }

  @inlinable
  mutating func refill(isolation actor: isolated (any Actor)?) async throws -> Element? {
    batch.removeAll(keepingCapacity: true)
    index = 0
    let storage = lifetime.storage
    if Task.isCancelled { storage.taskCancelled() }
    switch storage.next(into: &batch) {
    case .batch:
      index = 1
      return batch[0]
    case .element(let element):
      return element
    case .end(failure: nil):
      return nil
    case .end(let failure?):
      throw failure
    case .suspend:
      return try await storage.wait(isolation: actor)
    }
  }
}
