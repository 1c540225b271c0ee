import Foundation
import Streams

/// An observer that records every event it receives together with the virtual time.
///
/// Create one with ``TestScheduler/createObserver(_:)``, or get one from
/// ``TestScheduler/start(fileID:filePath:line:_:)``. It records everything, including events that break the Rx
/// grammar (such as events after a terminal event), so tests can see them.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
  // Unchecked: `recorded` is read and written only under `lock`; `scheduler` is a `let`.
  /// The scheduler whose clock stamps the events.
  public let scheduler: TestScheduler

  private let lock = NSLock()
  private var recorded: [Recorded<Event<Element>>] = []

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// The events received so far, in arrival order, each with the clock at arrival.
  public var events: [Recorded<Event<Element>>] { lock.locked { recorded } }

  /// Records `event` at the scheduler's current clock.
  public func on(_ event: Event<Element>) {
    let entry = Recorded(time: scheduler.clock, value: event)
    lock.locked { recorded.append(entry) }
  }
}
