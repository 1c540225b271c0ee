import Foundation

/// The transitions the inputs of ``LaunchQueueStateMachine`` share: placing a waiting task by its
/// dependencies, filling the lanes, failing, settling, stopping and ending.
extension LaunchQueueStateMachine {
  /// Why `task` can never run, if its needs can never be met: an unnamed key, a key no task ever
  /// had once start-up is fully enqueued, or a cycle through the tasks still waiting.
  func dependencyError(of task: LaunchTaskInfo<Rank>) -> LaunchDependencyError? {
    if task.needs.contains(where: { $0.name == nil }) { return .unnamed(task: task.name) }
    if finishRequested, let missing = task.needs.first(where: { graph.isMissing($0) }) {
      return .missing(task: task.name, dependency: missing)
    }
    guard let ownName = task.key.name else { return nil }
    var paths = task.needs.map { [task.key, $0] }
    var visited = Set<LaunchKey>()
    while let path = paths.popLast() {
      let key = path[path.count - 1]
      if key.name == ownName { return .cycle(task: task.name, path: path) }
      guard visited.insert(key).inserted, let name = key.name, let id = pendingByKey[name], let job = pending[id]
      else { continue }
      paths.append(contentsOf: job.info.needs.map { path + [$0] })
    }
    return nil
  }

  /// Puts waiting task `id` where its dependencies say: blocked on the first need not met yet,
  /// failed if a required need did not succeed, or else ready in its pool.
  mutating func place(_ id: LaunchTaskID, into effects: inout Effects) {
    guard let job = pending[id] else { return }
    blocked.remove(id)
    if let key = job.info.needs.first(where: { !graph.isMet($0) }) {
      blocked.insert(id)
      graph.block(id, on: key)
      return
    }
    for need in job.info.needs {
      guard let settlement = graph.settled[need], settlement.blocksDependents,
        case .failure(let error) = settlement.result
      else { continue }
      _ = removePending(id)
      let reason = LaunchDependencyError.failed(
        task: job.info.name, dependency: settlement.task.description, key: need, error: error)
      failWithoutRunning(job.info, reason, into: &effects)
      return
    }
    lanes.makeReady(job.info)
  }

  /// Starts ready tasks while their pools have room; when nothing else can run and the queue is
  /// finishing, fails the tasks whose dependencies never arrived; then reports idle, and ends if
  /// finishing.
  mutating func advance(at now: TimeInterval, into effects: inout Effects) {
    switch phase {
    case .notStarted, .ended:
      return
    case .stopping(let outcome):
      if running.isEmpty { end(outcome, into: &effects) }
      return
    case .started:
      break
    }
    while true {
      for pool in lanes.poolIndices {
        while let (id, seat) = lanes.next(in: pool) {
          guard let job = pending[id] else { preconditionFailure("Internal inconsistency: ready task \(id) is gone") }
          // A need met when the task became ready may have a new task of its key since.
          if job.attempt == 1, let key = job.info.needs.first(where: { !graph.isMet($0) }) {
            lanes.release(seat)
            blocked.insert(id)
            graph.block(id, on: key)
            continue
          }
          _ = removePending(id, fromLanes: false)
          idleReported = false
          begin(job, on: seat, at: now, into: &effects)
        }
      }
      guard finishRequested, running.isEmpty, cooling.isEmpty, let (id, key) = firstMissingDependency() else { break }
      let job = removePending(id)
      failWithoutRunning(job.info, .missing(task: job.info.name, dependency: key), into: &effects)
      guard case .started = phase else { return }
    }
    guard case .started = phase, isIdleOrEnded else { return }
    if !idleReported {
      idleReported = true
      effects.events.append(.idle)
    }
    for continuation in idleWaiters.resolveAll(with: ()) {
      effects.resumptions.append(.idle(continuation))
    }
    if finishRequested && blocked.isEmpty { end(.finished, into: &effects) }
  }

  /// The first blocked task (in enqueue order) with a need that no task ever had, and that need.
  private func firstMissingDependency() -> (LaunchTaskID, LaunchKey)? {
    for id in blocked.sorted() {
      if let key = pending[id]?.info.needs.first(where: { graph.isMissing($0) }) { return (id, key) }
    }
    return nil
  }

  /// Starts attempt `job.attempt` of `job` on `seat`.
  mutating func begin(
    _ job: Job, on seat: LaunchLanePools<Rank>.Seat, at now: TimeInterval, into effects: inout Effects
  ) {
    lastToken += 1
    running[lastToken] = Run(job: job, seat: seat, attemptStartedAt: now)
    let info = job.info
    effects.events.append(.started(info, attempt: job.attempt))
    effects.placements[info.id] = Placement(
      lane: info.lane, slot: seat.slot, after: info.needs.compactMap { graph.settled[$0]?.task.id })
    effects.execute.append(lastToken)
    if let deadline = job.deadline, deadline != .never { effects.deadlines.append((lastToken, deadline)) }
  }

  /// Task `task`, removed from the waiting tasks, cannot run because of its dependencies: it fails
  /// with attempt `0`.
  mutating func failWithoutRunning(
    _ task: LaunchTaskInfo<Rank>, _ reason: LaunchDependencyError, into effects: inout Effects
  ) {
    effects.events.append(
      .failed(task, LaunchAttemptFailure(error: reason, attempt: 0, duration: 0, willRetry: false)))
    fail(task, error: reason, attempts: 0, into: &effects)
  }

  /// Task `task` failed for good: a required one stops start-up; an optional one settles its key,
  /// so its dependents go on and see the failure.
  mutating func fail(_ task: LaunchTaskInfo<Rank>, error: any Error, attempts: Int, into effects: inout Effects) {
    guard task.policy.isRequired else {
      settle(task, .failure(error), into: &effects)
      return
    }
    let failure = LaunchFailure(
      task: task.name, taskID: task.id, rank: String(describing: task.rank), attempts: attempts, underlying: error)
    stop(.failed(failure), failed: (task, error), into: &effects)
  }

  /// Task `task` is gone for good with `result`: dependents waiting only for its key are placed.
  mutating func settle(
    _ task: LaunchTaskInfo<Rank>, _ result: Result<(any Sendable)?, any Error>, into effects: inout Effects
  ) {
    for id in graph.deactivated(task.key, settling: Graph.Settlement(task: task, result: result))
    where blocked.contains(id) {
      place(id, into: &effects)
    }
  }

  /// Removes every waiting task (failing the dependents of `failed`, skipping the others), cancels
  /// the running ones, and ends with `outcome` once none runs.
  mutating func stop(
    _ outcome: LaunchOutcome, failed: (task: LaunchTaskInfo<Rank>, error: any Error)?, into effects: inout Effects
  ) {
    let waiting = lanes.removeAllReady() + blocked.sorted()
    blocked.removeAll()
    var reasons: [LaunchTaskID: LaunchDependencyError] = [:]
    if let failed, failed.task.key.name != nil {
      // Dependents, direct or not, fail naming the dependency that failed before them.
      var causes: [LaunchKey: (dependency: String, error: any Error)] = [
        failed.task.key: (failed.task.description, failed.error)
      ]
      var changed = true
      while changed {
        changed = false
        for id in waiting where reasons[id] == nil {
          guard let info = pending[id]?.info, let need = info.needs.first(where: { causes[$0] != nil }),
            let cause = causes[need]
          else { continue }
          let reason = LaunchDependencyError.failed(
            task: info.name, dependency: cause.dependency, key: need, error: cause.error)
          reasons[id] = reason
          if info.key.name != nil { causes[info.key] = (info.description, reason) }
          changed = true
        }
      }
    }
    for id in waiting {
      let info = removePending(id, fromLanes: false).info
      if let reason = reasons[id] {
        effects.events.append(
          .failed(info, LaunchAttemptFailure(error: reason, attempt: 0, duration: 0, willRetry: false)))
      } else if case .failed(let failure) = outcome {
        effects.events.append(.skipped(info, reason: .startUpStopped(failure)))
      } else {
        effects.events.append(.skipped(info, reason: .cancelled))
      }
    }
    for id in cooling.keys.sorted() {
      effects.events.append(.cancelled(cooling[id]!.info, duration: 0))
    }
    cooling.removeAll()
    for token in running.keys.sorted() where running[token]?.cancelRequested == false {
      running[token]?.cancelRequested = true
      if let handle = running[token]?.handle { effects.cancel.append(handle) }
    }
    if running.isEmpty {
      end(outcome, into: &effects)
    } else {
      phase = .stopping(outcome)
    }
  }

  /// Ends the queue with `outcome`: the last event, the streams' end, every waiter resumed.
  mutating func end(_ outcome: LaunchOutcome, into effects: inout Effects) {
    precondition(
      running.isEmpty && pending.isEmpty && cooling.isEmpty, "Internal inconsistency: ending with tasks left")
    phase = .ended(outcome)
    effects.events.append(.ended(outcome))
    effects.endStreams = true
    for continuation in idleWaiters.resolveAll(with: ()) {
      effects.resumptions.append(.idle(continuation))
    }
    for continuation in finishedWaiters.resolveAll(with: .ended(outcome)) {
      effects.resumptions.append(.finished(continuation, .ended(outcome)))
    }
  }

  /// Removes waiting task `id` from `pending`, from its key's entry and (unless `fromLanes` is
  /// `false`) from where it waits; its key stays active in the graph.
  mutating func removePending(_ id: LaunchTaskID, fromLanes: Bool = true) -> Job {
    guard let job = pending.removeValue(forKey: id) else {
      preconditionFailure("Internal inconsistency: task \(id) is not waiting")
    }
    if blocked.remove(id) == nil && fromLanes { lanes.removeReady(job.info) }
    if let name = job.info.key.name, pendingByKey[name] == id { pendingByKey[name] = nil }
    return job
  }
}
