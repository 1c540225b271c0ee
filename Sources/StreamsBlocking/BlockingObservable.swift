import Foundation
import Streams

/// A sequence with blocking operators: each one subscribes, blocks the calling thread until the
/// sequence ends (or until it has what it needs), and returns the result or throws the error.
///
/// Get one with `toBlocking(timeout:)`. Meant for tests and
/// command-line tools; in an app, blocking a thread on a sequence is usually a design smell.
///
/// On the main thread the operators do not block it outright: they run the current run loop
/// until the result is there, so work the sequence sends to the main queue (`MainScheduler`,
/// `observe(on: MainScheduler.instance)`, `DispatchQueue.main`) still runs. On other threads they
/// wait on a condition.
///
/// ```swift
/// let values = try Observable.of(1, 2, 3).toBlocking(timeout: 1).toArray()  // [1, 2, 3]
/// ```
public struct BlockingObservable<Element> {
  /// The longest time an operator waits before throwing `StreamsError.timeout`; `nil` waits forever.
  let timeout: TimeInterval?

  /// The sequence the operators subscribe to.
  let source: Observable<Element>
}

extension ObservableConvertibleType {
  /// Wraps the sequence in a ``BlockingObservable``, whose operators block until it ends.
  ///
  /// - Parameter timeout: The longest time, in seconds, an operator may block; past it the operator
  ///   disposes its subscription and throws `StreamsError.timeout` (RxSwift's `RxError.timeout`).
  ///   `nil` (the default) waits for as long as the sequence takes.
  public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
    BlockingObservable(timeout: timeout, source: asObservable())
  }
}
