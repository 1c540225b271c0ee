/// What ``EventSink/send(_:)`` did with an element.
public enum SendResult: Sendable, Equatable {
  /// Delivered to the waiting consumer, or buffered for it.
  case enqueued
  /// Dropped by the buffering policy: the buffer was full (for
  /// `AsyncBufferingPolicy.bufferingNewest(_:)`, the oldest buffered element was dropped to make
  /// room).
  case dropped
  /// The stream has ended (the consumer stopped, or the producer finished): stop sending.
  case terminated
}

/// The producer's end of an `events` stream: a multi-shot callback or delegate sends its
/// elements here, from any thread.
///
/// ```swift
/// let locations = events(of: Location.self, bufferingPolicy: .bufferingNewest(1)) { sink in
///   let delegate = LocationDelegate(sink: sink)   // nonisolated delegate methods call sink.send
///   manager.delegate = delegate
///   manager.startUpdatingLocation()
///   return Cancellation { manager.stopUpdatingLocation(); _ = delegate }
/// }
/// ```
///
/// The rules:
/// - Elements sent from several threads are delivered one at a time, never concurrently.
/// - After ``finish()`` or ``fail(_:)`` nothing more is delivered; using the sink again is
///   ignored and reported as ``AdapterDiagnostic/Kind/eventAfterFinish``.
/// - **Dropped producer.** If the last reference to the sink goes away before `finish()` or
///   `fail(_:)`, the stream ends with ``AdapterError/callbackDropped`` (after the buffered
///   elements), so the consumer never hangs. Keep the sink only in the objects that produce.
public final class EventSink<Element: Sendable>: Sendable {
  private let target: EventsTarget<Element>

  init(target: EventsTarget<Element>) {
    self.target = target
  }

  deinit {
    target.sinkDropped()
  }

  /// Sends `element` to the consumer.
  /// - Returns: Whether it was delivered or buffered, dropped by the buffering policy, or the
  ///   stream has ended.
  @discardableResult
  public func send(_ element: Element) -> SendResult {
    target.send(element)
  }

  /// Ends the stream normally, after the buffered elements. The stop hook runs (once).
  public func finish() {
    target.finish(with: nil)
  }

  /// Ends the stream with `error`, after the buffered elements. The stop hook runs (once).
  public func fail(_ error: any Error) {
    target.finish(with: error)
  }

  /// Whether the stream has ended, for either side's reason: a send now returns
  /// ``SendResult/terminated``.
  public var isTerminated: Bool { target.isTerminated }
}

/// What an ``EventSink`` forwards to: the storage of an ``AsyncEvents`` sequence or of an
/// `Observable.events` subscription.
///
/// An abstract class rather than a protocol: `any Protocol<Element>` needs iOS 16 at run time.
/// It has no stored state, so it is `Sendable` exactly when its subclasses are.
class EventsTarget<Element: Sendable>: @unchecked Sendable {
  // Unchecked: no stored state; each subclass says why it is `Sendable`.
  func send(_ element: Element) -> SendResult {
    preconditionFailure("EventsTarget.send is abstract")
  }

  func finish(with error: (any Error)?) {
    preconditionFailure("EventsTarget.finish is abstract")
  }

  func sinkDropped() {
    preconditionFailure("EventsTarget.sinkDropped is abstract")
  }

  var isTerminated: Bool {
    preconditionFailure("EventsTarget.isTerminated is abstract")
  }
}
