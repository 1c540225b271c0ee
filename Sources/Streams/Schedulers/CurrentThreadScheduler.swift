#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs work on the current thread, queued behind the work it is already running (a trampoline).
///
/// The first `schedule` on a thread runs its action at once and then drains every action scheduled
/// while it ran, in first-in first-out order, before returning. Recursion through this scheduler
/// therefore never grows the stack.
public struct CurrentThreadScheduler: ImmediateSchedulerType {
  /// The shared instance.
  public static let instance = CurrentThreadScheduler()

  /// Whether a call to `schedule` would run its action at once, because no trampoline is running
  /// on this thread.
  public static var isScheduleRequired: Bool { !(TrampolineQueue.existing?.isRunning ?? false) }

  /// Runs `action` now if no trampoline runs on this thread, otherwise queues it behind the
  /// current work.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    let queue = TrampolineQueue.ofThisThread
    if queue.isRunning {
      let item = TrampolineItem { action(state) }
      queue.items.enqueue(item)
      return item
    }
    return queue.run { action(state) }
  }

  /// Runs `body` at once, inside this thread's trampoline: one started for it, and drained after
  /// it, if none runs. What `body` schedules on the trampoline waits until `body` returns. This is
  /// `schedule` for work that can't be queued (a subscription), without its allocations.
  static func trampolined(_ body: () -> Disposable) -> Disposable {
    let queue = TrampolineQueue.ofThisThread
    return queue.isRunning ? body() : queue.run(body)
  }

  /// Queues `step` behind the current work of this thread's trampoline, or runs it at once, as the
  /// first work of a new trampoline, if none runs. Unlike ``schedule(_:action:)`` it allocates
  /// nothing: the step is its own queue entry, and it can't be cancelled, so a step checks for
  /// itself whether it still has work when it runs.
  static func enqueue(_ step: some TrampolineStep) {
    let queue = TrampolineQueue.ofThisThread
    if queue.isRunning {
      queue.items.enqueue(step)
    } else {
      _ = queue.run {
        step.runStep()
        return Disposables.create()
      }
    }
  }
}

/// Work that queues itself on the ``CurrentThreadScheduler`` trampoline (see
/// ``CurrentThreadScheduler/enqueue(_:)``).
protocol TrampolineStep: AnyObject {
  /// Runs the step, on the trampoline's thread.
  func runStep()
}

/// One thread's trampoline: made on the thread's first use, kept for the next, and released when
/// the thread exits. Touched only by its own thread.
private final class TrampolineQueue {
  var items = Queue<any TrampolineStep>()
  private(set) var isRunning = false

  /// Runs `first`, then every step queued meanwhile, in order, until none is left; what `first`
  /// returned.
  func run(_ first: () -> Disposable) -> Disposable {
    isRunning = true
    defer { isRunning = false }
    let disposable = first()
    // Dequeued as they run, so a long run of one-step-per-element sources keeps no spent items.
    while !items.isEmpty { items.dequeue().runStep() }
    return disposable
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      // Optional on some platforms, not on others: the conversion covers both.
      guard let pointer = pointer as UnsafeMutableRawPointer? else { return }
      Unmanaged<TrampolineQueue>.fromOpaque(pointer).release()
    }
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
  }()

  /// This thread's queue, if it has made one.
  static var existing: TrampolineQueue? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<TrampolineQueue>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// This thread's queue, made now if it has none.
  static var ofThisThread: TrampolineQueue {
    if let existing { return existing }
    let queue = TrampolineQueue()
    pthread_setspecific(key, Unmanaged.passRetained(queue).toOpaque())
    return queue
  }
}

/// A queued action; disposing it before it runs cancels it.
private final class TrampolineItem: TrampolineStep, Cancelable, @unchecked Sendable {
  // Unchecked: `action` is touched only by the trampoline's own thread; the rest are thread-safe `let`s.
  private let disposed = OnceFlag()
  private let result = SingleAssignmentDisposable()
  // Touched only by the trampoline's own thread.
  private var action: (() -> Disposable)?

  init(_ action: @escaping () -> Disposable) {
    self.action = action
  }

  var isDisposed: Bool { disposed.isSet }

  func runStep() {
    guard let action, !disposed.isSet else { return }
    self.action = nil
    result.setDisposable(action())
  }

  func dispose() {
    guard disposed.set() else { return }
    result.dispose()
  }
}
