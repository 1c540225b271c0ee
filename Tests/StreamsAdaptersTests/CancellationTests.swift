import Dispatch
import Foundation
import StreamsAdapters
import Testing

/// The cancel hook must not hide a dropped callback: an SDK request (here a real
/// `DispatchWorkItem`) keeps its completion handler, so a hook that kept the request would keep
/// the callback alive for the whole wait.
@Suite("Cancellation: the hook never keeps what the SDK released")
struct CancellationTests {
  /// An SDK call whose request is a work item on a busy queue, kept by the SDK: `start` returns
  /// the hook, then the SDK cancels and forgets the item "elsewhere" and the queue drops it.
  private func callThroughWorkItem(
    hook: @escaping @Sendable (DispatchWorkItem) -> Cancellation, timeout: Timeout
  ) async -> (result: Result<Int, any Error>, itemFreed: Bool) {
    let sdk = WorkItemSDK()
    let started = Gate()
    let handle = WeakItem()
    let task = Task {
      try await withCallback(timeout: timeout) { (callback: Callback<Int>) in
        let item = sdk.start { callback.resume(returning: 1) }
        handle.item = item
        started.open()
        return hook(item)
      }
    }
    await started.wait()
    sdk.cancelElsewhere()
    let result = await task.result
    sdk.queue.sync {}
    return (result, handle.item == nil)
  }

  @Test("weak hook: a work item cancelled elsewhere is released, so the drop ends the wait with callbackDropped")
  func weakHookSeesTheDrop() async {
    let outcome = await callThroughWorkItem(
      hook: { Cancellation(weak: $0) { $0.cancel() } }, timeout: .seconds(30))
    #expect(failure(of: outcome.result) as? AdapterError == .callbackDropped)
    #expect(outcome.itemFreed)
  }

  @Test("strong hook (the old spelling): the hook keeps the item and so the callback; only the timeout ends the wait")
  func strongHookHidesTheDrop() async {
    let outcome = await callThroughWorkItem(
      hook: { item in
        let kept = SDKBox(value: item)
        return Cancellation { kept.value.cancel() }
      }, timeout: .seconds(0.3))
    #expect(failure(of: outcome.result) as? AdapterError == .timedOut)
  }

  @Test("weak hook: cancelling the task still cancels a request the SDK keeps")
  func weakHookCancelsALiveRequest() async {
    let sdk = WorkItemSDK()
    let started = Gate()
    let task = Task {
      try await withCallback { (callback: Callback<Int>) in
        let item = sdk.start { callback.resume(returning: 1) }
        started.open()
        return Cancellation(weak: item) { $0.cancel() }
      }
    }
    await started.wait()
    task.cancel()
    let result = await task.result
    #expect(failure(of: result) is CancellationError)
    #expect(sdk.pending?.isCancelled == true)
    sdk.queue.resume()
  }
}

/// An SDK that runs its request as a work item on its own queue and keeps the item to cancel it,
/// as SDKs keep their request objects. Its queue is busy (suspended) until the test says.
private final class WorkItemSDK: @unchecked Sendable {
  let queue = DispatchQueue(label: "sdk")
  private(set) var pending: DispatchWorkItem?

  init() { queue.suspend() }

  func start(_ completion: @escaping () -> Void) -> DispatchWorkItem {
    let item = DispatchWorkItem(block: completion)
    pending = item
    queue.async(execute: item)
    return item
  }

  /// The SDK gives up on the request by itself (a logout, a newer request): it cancels the item,
  /// forgets it, and its queue moves on, dropping the cancelled item's block.
  func cancelElsewhere() {
    pending?.cancel()
    pending = nil
    queue.resume()
  }
}

/// The test's weak view of the SDK's work item.
private final class WeakItem: @unchecked Sendable {
  weak var item: DispatchWorkItem?
}
