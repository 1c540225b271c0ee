/// One iterator's subscription and buffer: a ``ValuesStateMachine`` under a lock.
///
/// The upstream calls ``receive(_:)`` and ``end(failure:)`` on whatever thread it sends from; the consumer calls
/// ``next(into:)``, ``wait(isolation:)`` and ``cancel()``. Every transition happens under the lock;
/// every side effect (resuming the consumer's continuation, disposing the subscription, releasing
/// discarded elements) happens after unlocking, so neither a continuation nor user code ever runs
/// while the lock is held.
///
/// Inlinable so that clients specialize it: see ``ValuesStateMachine``.
@usableFromInline
final class ValuesStorage<Element: Sendable>: @unchecked Sendable {
  // Unchecked: `machine` is read and written only under `lock`.
  @usableFromInline typealias Machine = ValuesStateMachine<Element, BridgeContinuation<Element?>, SubscriptionBox>

  @usableFromInline let lock = Lock.make()
  // Guarded by `lock`, so the dynamic exclusivity check is redundant.
  @usableFromInline @exclusivity(unchecked) var machine: Machine

  @usableFromInline
  init(policy: AsyncBufferingPolicy) {
    machine = Machine(policy: policy)
  }

  /// Subscribes to `source` now, on the calling thread; events may arrive before this returns.
  ///
  /// The observer is made of closures formed here, in (inlined, specialized) client code, and
  /// subjects call such observers directly, so each element reaches a specialized
  /// ``receive(_:)``.
  @inlinable
  func subscribe(to source: Observable<Element>) {
    let subscription = source.subscribe(
      onNext: { [self] element in receive(element) },
      onError: { [self] error in end(failure: error) },
      onCompleted: { [self] in end(failure: nil) })
    let disposeNow = lock.withLock { machine.subscribed(SubscriptionBox(subscription)) }
    disposeNow?.dispose()
  }

  /// An element from the upstream.
  @inlinable
  func receive(_ element: Element) {
    lock.lock()
    let action = machine.received(element)
    lock.unlock()
    switch action {
    case .none: break
    case .resume(let continuation, let element): continuation.resume(returning: element)
    case .dispose(let subscription): subscription?.dispose()
    }
  }

  /// The upstream's terminal event: completion (`failure` is `nil`) or an error.
  @inlinable
  func end(failure: (any Error)?) {
    let action = lock.withLock { machine.receivedEnd(failure: failure) }
    switch action {
    case .none: break
    case .dispose(let subscription):
      subscription?.dispose()
    case .resume(let continuation, let failure, let subscription):
      subscription?.dispose()
      resume(continuation, with: .end(failure: failure))
    }
  }

  /// The next element, batch or end if one is ready; `.suspend` otherwise.
  @inlinable
  func next(into batch: inout ContiguousArray<Element>) -> Machine.NextAction {
    lock.withLock { machine.next(into: &batch) }
  }

  /// Suspends the consumer until an element or the end arrives, or its task is cancelled (then
  /// the subscription is disposed and `CancellationError` is thrown).
  @inlinable
  func wait(isolation: isolated (any Actor)?) async throws -> Element? {
    try await withTaskCancellationHandler {
      try await withBridgeContinuation(isolation: isolation) { (continuation: BridgeContinuation<Element?>) in
        let action = lock.withLock { machine.suspended(continuation) }
        if case .resume(let continuation, let delivery) = action {
          resume(continuation, with: delivery)
        }
      }
    } onCancel: {
      self.taskCancelled()
    }
  }

  /// The consumer's task was cancelled: disposes the subscription and ends the sequence with
  /// `CancellationError` after the elements already buffered, unless it had ended already.
  @inlinable
  func taskCancelled() {
    end(failure: CancellationError())
  }

  /// The iterator went away: disposes the subscription, discards the buffer, and resumes a waiting
  /// consumer with `nil`. Idempotent.
  @inlinable
  func cancel() {
    let action = lock.withLock { machine.cancelled() }
    action.subscription?.dispose()
    action.continuation?.resume(returning: nil)
    withExtendedLifetime(action.discarded) {}  // Released here, outside the lock.
  }
}

/// Owned by an iterator and its copies: when the last one is gone, the subscription is disposed.
@usableFromInline
final class ValuesIteratorLifetime<Element: Sendable>: Sendable {
  @usableFromInline let storage: ValuesStorage<Element>

  @usableFromInline
  init(storage: ValuesStorage<Element>) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}

/// A subscription behind a class reference: the state machine's actions then hold a plain
/// reference instead of an existential, which keeps them cheap to move around on every element.
@usableFromInline
final class SubscriptionBox: @unchecked Sendable {
  // Unchecked: only a `let` of a disposable, which is thread-safe.
  @usableFromInline let subscription: any Disposable

  @usableFromInline
  init(_ subscription: any Disposable) {
    self.subscription = subscription
  }

  @inlinable
  func dispose() {
    subscription.dispose()
  }
}
