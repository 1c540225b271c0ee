import Foundation
import Streams

/// An observable that replays recorded events on a ``TestScheduler`` and records its subscriptions.
///
/// Create one with ``TestScheduler/createHotObservable(_:fileID:filePath:line:column:)`` or
/// ``TestScheduler/createColdObservable(_:fileID:filePath:line:column:)`` (or their marble-diagram
/// forms).
///
/// - A **hot** observable sends each event at its absolute time to whoever is subscribed then.
/// - A **cold** observable sends the events to each subscriber at times counted from that
///   subscriber's subscribe time.
///
/// Like RxTest's `TestableObservable`, it conforms to `ObservableType` rather than subclassing
/// `Observable` (which other modules cannot subclass): every operator is available on it, and
/// `asObservable()` wraps it where an `Observable` is needed.
public final class TestableObservable<Element>: ObservableType, @unchecked Sendable {
  // Unchecked: `recordedSubscriptions` and `observers` are read and written only under `lock`.
  enum Kind { case hot, cold }

  /// The scheduler that sends the events.
  public let testScheduler: TestScheduler

  /// The events to send, as given when the observable was created.
  public let recordedEvents: [Recorded<Event<Element>>]

  private let kind: Kind
  private let location: SourceLocationBox
  private let lock = NSLock()
  private var recordedSubscriptions: [Subscription] = []
  /// Hot only: the subscribed observers, in subscription order, keyed by subscription index.
  private var observers: [(index: Int, observer: AnyObserver<Element>)] = []

  init(kind: Kind, events: [Recorded<Event<Element>>], scheduler: TestScheduler, location: SourceLocationBox) {
    self.kind = kind
    self.recordedEvents = events
    self.testScheduler = scheduler
    self.location = location
    if kind == .hot { scheduleHotEvents() }
  }

  /// Every subscription so far, in subscribe order; active ones have `unsubscribe == Int.max`.
  public var subscriptions: [Subscription] { lock.locked { recordedSubscriptions } }

  /// Subscribes `observer`, recording `Subscription(clock)`.
  ///
  /// Dispose the result once: it records the unsubscribe time. A second dispose is reported as a
  /// test failure, since operators should dispose their upstream exactly once.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let clock = testScheduler.clock
    let index = lock.locked { () -> Int in
      recordedSubscriptions.append(Subscription(clock))
      return recordedSubscriptions.count - 1
    }
    switch kind {
    case .hot:
      let observer = AnyObserver(observer)
      lock.locked { observers.append((index, observer)) }
      return TestSubscriptionDisposable { [self] isFirst in
        unsubscribe(index, isFirst: isFirst)
      }
    case .cold:
      let pending = recordedEvents.map { recorded in
        testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
          observer.on(recorded.value)
          return Disposables.create()
        }
      }
      return TestSubscriptionDisposable { [self] isFirst in
        if isFirst { pending.forEach { $0.dispose() } }
        unsubscribe(index, isFirst: isFirst)
      }
    }
  }

  private func scheduleHotEvents() {
    let ordered = recordedEvents.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    for recorded in ordered {
      testScheduler.scheduleAt(recorded.time) { [self] in
        let snapshot = lock.locked { observers.map(\.observer) }
        for observer in snapshot { observer.on(recorded.value) }
      }
    }
  }

  private func unsubscribe(_ index: Int, isFirst: Bool) {
    let clock = testScheduler.clock
    let existing = lock.locked { () -> Subscription in
      let existing = recordedSubscriptions[index]
      if isFirst {
        recordedSubscriptions[index] = Subscription(existing.subscribe, clock)
        observers.removeAll { $0.index == index }
      }
      return existing
    }
    if !isFirst {
      TestFailureReporter.report(
        location.failure(
          "A subscription to this \(kind == .hot ? "hot" : "cold") test observable was disposed twice "
            + "(subscribed at \(existing.subscribe), disposed at \(existing.unsubscribe) and again at \(clock)). "
            + "Whoever owns a subscription should dispose it once; an operator that disposes its upstream "
            + "twice is the usual cause."))
    }
  }
}

/// The disposable of one test-observable subscription; tells its owner about every dispose call.
private final class TestSubscriptionDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: `count` is read and written only under `lock`; `onDispose` is a `let`.
  private let lock = NSLock()
  private var count = 0
  private let onDispose: (_ isFirst: Bool) -> Void

  init(_ onDispose: @escaping (_ isFirst: Bool) -> Void) {
    self.onDispose = onDispose
  }

  var isDisposed: Bool { lock.locked { count > 0 } }

  func dispose() {
    let isFirst = lock.locked { () -> Bool in
      count += 1
      return count == 1
    }
    onDispose(isFirst)
  }
}
