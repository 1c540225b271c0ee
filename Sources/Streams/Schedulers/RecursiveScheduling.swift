import Dispatch

extension ImmediateSchedulerType {
  /// Runs `action` with `state`; the action may call its second argument to run again with a new
  /// state. Disposing the result stops the recursion.
  public func scheduleRecursive<State>(
    _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
  ) -> Disposable {
    let recursion = RecursiveScheduling<State>(action: action) { state, step in
      self.schedule(state) { state in
        step(state)
        return Disposables.create()
      }
    }
    recursion.schedule(state)
    return recursion
  }
}

extension SchedulerType {
  /// Runs `action` with `state` after `dueTime`; the action may call its second argument to run
  /// again with a new state after a new delay. Disposing the result stops the recursion.
  public func scheduleRecursive<State>(
    _ state: State, dueTime: RxTimeInterval,
    action: @escaping (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void
  ) -> Disposable {
    let recursion = RecursiveScheduling<(State, RxTimeInterval)>(
      action: { pair, recurse in action(pair.0) { recurse(($0, $1)) } },
      scheduleStep: { pair, step in
        self.scheduleRelative(pair, dueTime: pair.1) { pair in
          step(pair)
          return Disposables.create()
        }
      })
    recursion.schedule((state, dueTime))
    return recursion
  }
}

/// The bookkeeping of a recursive schedule: every pending step is cancelled on dispose, finished
/// steps are forgotten so a long recursion holds nothing.
final class RecursiveScheduling<State>: Disposable, @unchecked Sendable {
  // Unchecked: its `var`s are read and written only under `lock`; the closures are `let`s.
  private let resource = ResourceToken()
  private let lock = Lock.make()
  private var pending: [Int: Disposable] = [:]
  private var nextKey = 0
  private var finished: Set<Int> = []
  private var disposed = false
  private let action: (State, (State) -> Void) -> Void
  private let scheduleStep: (State, @escaping (State) -> Void) -> Disposable

  init(
    action: @escaping (State, (State) -> Void) -> Void,
    scheduleStep: @escaping (State, @escaping (State) -> Void) -> Disposable
  ) {
    self.action = action
    self.scheduleStep = scheduleStep
  }

  func schedule(_ state: State) {
    let key: Int? = lock.withLock {
      guard !disposed else { return nil }
      defer { nextKey += 1 }
      return nextKey
    }
    guard let key else { return }
    let disposable = scheduleStep(state) { [self] state in
      let isDisposed = lock.withLock { () -> Bool in
        if pending.removeValue(forKey: key) == nil { finished.insert(key) }
        return disposed
      }
      if !isDisposed { action(state, schedule) }
    }
    let disposeAtOnce = lock.withLock { () -> Bool in
      if finished.remove(key) != nil { return false }
      if disposed { return true }
      pending[key] = disposable
      return false
    }
    if disposeAtOnce { disposable.dispose() }
  }

  func dispose() {
    let steps: [Disposable] = lock.withLock {
      if disposed { return [] }
      disposed = true
      defer { pending = [:] }
      return Array(pending.values)
    }
    steps.forEach { $0.dispose() }
  }
}
