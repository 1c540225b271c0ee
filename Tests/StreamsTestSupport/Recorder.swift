import Streams

/// Records the events an observer receives, from any thread.
public final class Recorder<Element>: ObserverType, @unchecked Sendable {
  private let recorded = Locked<[Event<Element>]>([])

  /// A recorder that has received nothing yet.
  public init() {}

  /// Records `event`.
  public func on(_ event: Event<Element>) {
    recorded.withLock { $0.append(event) }
  }

  /// Every event received, in order.
  public var events: [Event<Element>] { recorded.value }
  /// The elements received, in order.
  public var elements: [Element] { events.compactMap(\.element) }
  /// Whether the last event is `completed`.
  public var isCompleted: Bool { events.last?.isCompleted ?? false }
  /// The error of the last event, if it is one.
  public var error: Error? { events.last?.error }
}
