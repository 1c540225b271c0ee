import Streams

extension Observable where Element: Sendable {
  /// An observable of the elements a multi-shot callback or delegate SDK sends to an
  /// ``EventSink``.
  ///
  /// Cold: each subscription calls `start` with a new sink, on the subscribing thread. Disposing
  /// the subscription runs the stop hook that `start` returned, once, and nothing is delivered
  /// after it. To share one SDK stream between subscribers, add `share()`.
  ///
  /// ```swift
  /// let locations = Observable<Location>.events { sink in
  ///   let delegate = LocationDelegate(sink: sink)
  ///   manager.delegate = delegate
  ///   manager.startUpdatingLocation()
  ///   return Cancellation { manager.stopUpdatingLocation(); _ = delegate }
  /// }
  /// ```
  ///
  /// - `send` becomes `onNext`; `finish()` becomes `onCompleted`; `fail(_:)` becomes `onError`.
  ///   Events sent from several threads are delivered one at a time.
  /// - A sink released without `finish()` or `fail(_:)` ends the sequence with
  ///   ``AdapterError/callbackDropped``; an error thrown by `start` becomes `onError`.
  /// - The stop hook runs exactly once per subscription, whichever way it ends.
  ///
  /// - Parameters:
  ///   - fileID: Identifies this sequence in diagnostics; leave the default.
  ///   - line: Identifies this sequence in diagnostics; leave the default.
  ///   - start: Connects the SDK to the sink; returns its stop hook, or `nil`.
  public static func events(
    fileID: String = #fileID,
    line: Int = #line,
    _ start: @escaping @Sendable (EventSink<Element>) throws -> Cancellation?
  ) -> Observable<Element> {
    Observable.create { observer in
      let storage = ObservableEventsStorage(
        observer: observer, reporter: DiagnosticReporter(fileID: fileID, line: line))
      storage.start(start)
      return Disposables.create { storage.dispose() }
    }
  }
}
