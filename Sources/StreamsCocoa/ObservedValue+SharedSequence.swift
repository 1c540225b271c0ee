#if canImport(Observation)
  import Streams

  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  extension ObservedValue {
    /// Holds `initial` until the driver or signal sends its first element, then each element it
    /// sends: a `Driver` (or `Signal`) exposed to SwiftUI as an `@Observable` value.
    ///
    /// ```swift
    /// let title = ObservedValue(viewModel.title, initial: "")  // a Driver<String>
    /// ```
    ///
    /// The contract of ``Streams/ObservedValue`` applies. A shared sequence sends on the main
    /// thread and never fails, so each element updates ``Streams/ObservedValue/value`` in the tick
    /// it is sent, without the main-queue hop of the `Observable` overload (nor its `Sendable`
    /// requirement), and ``Streams/ObservedValue/failure`` stays `nil`. A `Driver` replays its
    /// latest element, so the holder has it from the start when the driver already has one.
    public convenience init<SharingStrategy>(
      _ sequence: SharedSequence<SharingStrategy, Value>, initial: Value
    ) {
      self.init(subscribingTo: sequence.asObservable(), initial: initial)
    }

    /// The same as the overload above, for `Sendable` values: it ranks above the `Observable`
    /// overload, which a shared sequence also matches, so a `Driver` of a `Sendable` value takes
    /// this path too.
    public convenience init<SharingStrategy>(
      _ sequence: SharedSequence<SharingStrategy, Value>, initial: Value
    ) where Value: Sendable {
      self.init(subscribingTo: sequence.asObservable(), initial: initial)
    }
  }
#endif
