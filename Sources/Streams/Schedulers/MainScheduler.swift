import Dispatch
import Foundation

/// Runs work on the main thread; a ``SerialDispatchQueueScheduler`` over the main queue.
///
/// ``instance`` runs an action at once when called on the main thread with nothing of its own
/// queued ahead (so UI bindings update synchronously), and otherwise queues it on the main queue.
/// ``asyncInstance`` always queues. On Linux the main queue runs when the program services it
/// (`dispatchMain()`, `RunLoop.main.run()`, or the main actor of an async `main`); work inside the
/// main queue counts as "on the main thread" even where `dispatchMain()` services it from another
/// thread.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
  // Unchecked: `enqueued` is read and written only under `lock`.
  /// The main-thread scheduler that runs at once when it can.
  public static let instance = MainScheduler()

  /// A main-queue scheduler that always queues, even on the main thread.
  public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

  private let lock = Lock.make()
  private var enqueued = 0

  /// Creates a main-thread scheduler with its own queue count.
  ///
  /// ``instance`` suits most code. A separate instance runs an action at once on the main thread
  /// even while another scheduler's action is running there (RxCocoa's `Driver` and `Signal` make
  /// one per `observe(on:)`, so nested drivers deliver synchronously).
  public init() {
    super.init(serialQueue: .main)
  }

  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main thread or inside the main queue's work. On Linux,
  /// `dispatchMain()` services the main queue from another thread, so both are checked.
  package static var isOnMain: Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  /// Checks that the caller runs on the main queue; if not, reports
  /// ``Diagnostic/notOnMainThread(_:)`` with `errorMessage` to ``Hooks/diagnostic`` (RxSwift traps).
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    guard !isOnMain else { return }
    Hooks.report(
      .notOnMainThread(
        errorMessage ?? "Executing on a background thread; schedule the work with MainScheduler.instance."))
  }

  /// Checks that the caller runs on the main thread; if not, reports
  /// ``Diagnostic/notOnMainThread(_:)`` with `errorMessage` to ``Hooks/diagnostic`` (RxSwift traps).
  public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
    guard !isOnMain else { return }
    Hooks.report(.notOnMainThread(errorMessage ?? "Running on a background thread."))
  }

  /// Runs `action` now if on the main thread with nothing queued ahead, otherwise on the main queue.
  override func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    let previouslyEnqueued = lock.withLock { () -> Int in
      enqueued += 1
      return enqueued - 1
    }
    if Self.isOnMain && previouslyEnqueued == 0 {
      let disposable = action(state)
      lock.withLock { enqueued -= 1 }
      return disposable
    }
    let result = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action))
    DispatchQueue.main.async { [self] in
      if !result.isDisposed { result.setDisposable(work.value.1(work.value.0)) }
      lock.withLock { enqueued -= 1 }
    }
    return result
  }
}
