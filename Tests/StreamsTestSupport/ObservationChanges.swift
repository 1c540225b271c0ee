#if canImport(Observation)
  import Observation

  /// Counts the changes Observation reports to a reader of what `read` reads. Observation reports
  /// the first change after the read only, so the count goes from 0 to 1 at most.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  public func observationChanges(after read: () -> Void) -> Counter {
    let counter = Counter()
    withObservationTracking(read, onChange: { counter.increment() })
    return counter
  }
#endif
