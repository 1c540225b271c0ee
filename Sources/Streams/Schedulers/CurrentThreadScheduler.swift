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
  public static var isScheduleRequired: Bool { TrampolineQueue.current == nil }

  /// Runs `action` now if no trampoline runs on this thread, otherwise queues it behind the
  /// current work.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    if let queue = TrampolineQueue.current {
      let item = TrampolineItem { action(state) }
      queue.items.enqueue(item)
      return item
    }
    let queue = TrampolineQueue()
    TrampolineQueue.current = queue
    defer { TrampolineQueue.current = nil }
    let disposable = action(state)
    // Dequeued as they run, so a long run of one-step-per-element sources keeps no spent items.
    while !queue.items.isEmpty { queue.items.dequeue().run() }
    return disposable
  }
}

/// The queue of one thread's trampoline. Touched only by its own thread.
private final class TrampolineQueue {
  var items = Queue<TrampolineItem>()

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
  }()

  static var current: TrampolineQueue? {
    get {
      guard let pointer = pthread_getspecific(key) else { return nil }
      return Unmanaged<TrampolineQueue>.fromOpaque(pointer).takeUnretainedValue()
    }
    set {
      if let old = pthread_getspecific(key) { Unmanaged<TrampolineQueue>.fromOpaque(old).release() }
      pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
    }
  }
}

/// A queued action; disposing it before it runs cancels it.
private final class TrampolineItem: Cancelable, @unchecked Sendable {
  private let disposed = AtomicFlag()
  private let result = SingleAssignmentDisposable()
  // Touched only by the trampoline's own thread.
  private var action: (() -> Disposable)?

  init(_ action: @escaping () -> Disposable) {
    self.action = action
  }

  var isDisposed: Bool { disposed.isSet }

  func run() {
    guard let action, !disposed.isSet else { return }
    self.action = nil
    result.setDisposable(action())
  }

  func dispose() {
    guard disposed.set() else { return }
    result.dispose()
  }
}
