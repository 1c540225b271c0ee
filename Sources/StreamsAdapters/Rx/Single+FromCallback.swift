import Streams

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// A single that calls a callback-based SDK on each subscription, with the same guarantees as
  /// ``withCallback(of:isolation:timeout:fileID:line:_:)``.
  ///
  /// Built on `Single.create`: `start` runs on the subscribing thread, each time.
  ///
  /// ```swift
  /// let login = Single<Token>.fromCallback { callback in
  ///   let request = sdk.logIn(completion: callback.optionalPair)
  ///   return Cancellation(weak: request) { $0.cancel() }
  /// }
  /// ```
  ///
  /// - The first resolution wins; later callbacks are ignored and reported to
  ///   ``AdapterHooks/diagnostic``.
  /// - A dropped callback fails with ``AdapterError/callbackDropped``; the timeout with
  ///   ``AdapterError/timedOut`` (and runs the cancel hook).
  /// - Disposing the subscription before the SDK answered runs the cancel hook, once; the
  ///   subscriber hears nothing more.
  /// - An error thrown by `start` fails the single.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the SDK; `nil` waits for the callback, a disposal or a drop.
  ///   - fileID: Identifies this single in diagnostics; leave the default.
  ///   - line: Identifies this single in diagnostics; leave the default.
  ///   - start: Calls the SDK with the callback and returns the SDK's cancel hook, or `nil`.
  public static func fromCallback(
    timeout: Timeout? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ start: @escaping @Sendable (Callback<Element>) throws -> Cancellation?
  ) -> Single<Element> {
    Single<Element>.create { observer in
      let storage = CallbackStorage<Element>(
        timeout: timeout, reporter: DiagnosticReporter(fileID: fileID, line: line))
      // Rx observers may be called from any thread; the once-machine calls this one at most once.
      let box = UncheckedSendable(observer)
      storage.run(start, resolver: { outcome in box.value(outcome) })
      return Disposables.create { storage.dispose() }
    }
  }
}
