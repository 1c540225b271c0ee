/// The handle `withCallback` gives the `start` closure: resolve it once, from any thread, or pass
/// one of its ready-made handlers straight to the SDK.
///
/// ```swift
/// let token = try await withCallback { (callback: Callback<Token>) in
///   sdk.logIn(completion: callback.optionalPair)   // (Token?, Error?) -> Void
///   return nil                                     // this SDK cannot be cancelled
/// }
/// ```
///
/// The handlers (``completion``, ``optionalPair``, ``valueOnly``, ``errorOnly``, ``done``) are
/// pre-built `@Sendable` closures with no actor isolation: the SDK may call them on any thread,
/// even when the caller runs on the main actor. A closure literal written inside `@MainActor` code
/// and passed to an SDK that calls it on a background thread can trap at run time; these cannot.
///
/// The rules:
/// - The first resolution wins. Later calls are ignored and reported to
///   ``AdapterHooks/diagnostic`` as ``AdapterDiagnostic/Kind/duplicateCallback`` (or
///   ``AdapterDiagnostic/Kind/lateCallback(endedBy:)`` after a cancellation or timeout).
/// - When the SDK releases every copy of the callback (and of its handlers) without calling it,
///   the wait ends with ``AdapterError/callbackDropped``.
///
/// > Warning: Storing the callback somewhere long-lived (a property, a global) delays the
/// > detection of a dropped callback until that copy is released. An SDK that keeps the closure
/// > forever without calling it is caught only by a timeout.
public struct Callback<Value: Sendable>: Sendable {
  private let token: CallbackToken
  private let deliver: @Sendable (Result<Value, any Error>) -> Void

  init(storage: CallbackStorage<Value>) {
    self.token = CallbackToken(target: storage)
    self.deliver = { [storage] outcome in storage.resolve(outcome) }
  }

  private init(token: CallbackToken, deliver: @escaping @Sendable (Result<Value, any Error>) -> Void) {
    self.token = token
    self.deliver = deliver
  }

  /// Resolves the wait with `value`.
  public func resume(returning value: Value) {
    deliver(.success(value))
  }

  /// Resolves the wait by throwing `error`.
  public func resume(throwing error: any Error) {
    deliver(.failure(error))
  }

  /// Resolves the wait with `result`.
  public func resume<Failure: Error>(with result: Result<Value, Failure>) {
    deliver(result.mapError { $0 as any Error })
  }

  /// Whether the wait is already over (resolved, cancelled, timed out or dropped).
  public var isResolved: Bool { token.target.isResolved }

  /// A handler for `(Result<Value, Error>) -> Void` completions.
  public var completion: @Sendable (Result<Value, any Error>) -> Void {
    { [self] result in deliver(result) }
  }

  /// A handler for completions with a typed error: `(Result<Value, SDKError>) -> Void`.
  ///
  /// ```swift
  /// sdk.fetchProfile(completion: callback.completion(failingWith: SDKError.self))
  /// ```
  public func completion<Failure: Error>(
    failingWith failure: Failure.Type
  ) -> @Sendable (Result<Value, Failure>) -> Void {
    { [self] result in deliver(result.mapError { $0 as any Error }) }
  }

  /// A handler for `(Value?, Error?) -> Void` completions: an error wins; a value succeeds;
  /// `(nil, nil)` fails with ``AdapterError/invalidCallback``.
  public var optionalPair: @Sendable (Value?, (any Error)?) -> Void {
    { [self] value, error in
      if let error {
        deliver(.failure(error))
      } else if let value {
        deliver(.success(value))
      } else {
        deliver(.failure(AdapterError.invalidCallback))
      }
    }
  }

  /// A handler for completions that only ever succeed: `(Value) -> Void`.
  public var valueOnly: @Sendable (Value) -> Void {
    { [self] value in deliver(.success(value)) }
  }

  /// A callback for an SDK that answers with `Input`: `transform` turns it into `Value` (a thrown
  /// error fails the wait). Both handles share one wait and one drop detector.
  ///
  /// ```swift
  /// let token = try await withCallback { (callback: Callback<Token>) in
  ///   sdk.logIn(completion: callback.map { (result: SDKLoginResult) in try Token(result) }.optionalPair)
  ///   return nil
  /// }
  /// ```
  ///
  /// `transform` runs on the SDK's thread, outside every lock.
  public func map<Input: Sendable>(_ transform: @escaping @Sendable (Input) throws -> Value) -> Callback<Input> {
    Callback<Input>(token: token) { [deliver] input in
      switch input {
      case .success(let value):
        do {
          deliver(.success(try transform(value)))
        } catch {
          deliver(.failure(error))
        }
      case .failure(let error):
        deliver(.failure(error))
      }
    }
  }
}

extension Callback where Value == Void {
  /// A handler for `(Error?) -> Void` completions: `nil` succeeds, an error fails the wait.
  public var errorOnly: @Sendable ((any Error)?) -> Void {
    { [self] error in
      if let error {
        deliver(.failure(error))
      } else {
        deliver(.success(()))
      }
    }
  }

  /// A handler for `() -> Void` completions.
  public var done: @Sendable () -> Void {
    { [self] in deliver(.success(())) }
  }
}

/// What a ``CallbackToken`` reports to.
protocol CallbackTokenTarget: AnyObject, Sendable {
  /// Every copy of the callback is gone.
  func callbackDropped()
  /// Whether the wait is over.
  var isResolved: Bool { get }
}

/// Retained only by copies of a ``Callback`` and its handlers; its `deinit` tells the storage
/// that the SDK let go of the callback.
final class CallbackToken: Sendable {
  let target: any CallbackTokenTarget

  init(target: any CallbackTokenTarget) {
    self.target = target
  }

  deinit {
    target.callbackDropped()
  }
}
