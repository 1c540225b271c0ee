#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether objects are counted: decided from the environment on first use unless set before.
enum TracingMode: UInt8 {
  case undecided = 0
  case off = 1
  case on = 2

  /// The mode, reading the environment on first use.
  static var current: TracingMode {
    get {
      let mode = TracingMode(rawValue: loadMode()) ?? .off
      return mode == .undecided ? decide() : mode
    }
    set { storeMode(newValue.rawValue) }
  }

  /// Whether a new object must be counted. One load when counting is off.
  @inline(__always)
  static var isCounting: Bool {
    let raw = loadMode()
    if raw == TracingMode.off.rawValue { return false }
    return raw == TracingMode.on.rawValue || decide() == .on
  }

  private static func decide() -> TracingMode {
    let fromEnvironment: TracingMode =
      getenv("STREAMS_TRACE_RESOURCES").map { String(cString: $0) == "1" } == true ? .on : .off
    return TracingMode(rawValue: exchangeIfUndecided(fromEnvironment.rawValue)) ?? .off
  }
}

#if canImport(Darwin)
  // `Atomic` needs iOS 18 / macOS 15 on Darwin, and a lock here would cost every object created
  // while counting is off: the mode is a plain byte. A byte never tears; a thread may see a new
  // mode a little late, which only decides whether objects created at that moment are counted.
  nonisolated(unsafe) private var tracingModeByte: UInt8 = 0

  @inline(__always)
  private func loadMode() -> UInt8 { tracingModeByte }

  private func storeMode(_ raw: UInt8) { tracingModeByte = raw }

  private func exchangeIfUndecided(_ raw: UInt8) -> UInt8 {
    if tracingModeByte == TracingMode.undecided.rawValue { tracingModeByte = raw }
    return tracingModeByte
  }
#else
  import Synchronization

  private let tracingModeAtomic = Atomic<UInt8>(TracingMode.undecided.rawValue)

  @inline(__always)
  private func loadMode() -> UInt8 { tracingModeAtomic.load(ordering: .relaxed) }

  private func storeMode(_ raw: UInt8) { tracingModeAtomic.store(raw, ordering: .relaxed) }

  /// Sets the mode to `raw` unless it was decided already; returns the mode now.
  private func exchangeIfUndecided(_ raw: UInt8) -> UInt8 {
    let (exchanged, original) = tracingModeAtomic.compareExchange(
      expected: TracingMode.undecided.rawValue, desired: raw, ordering: .relaxed)
    return exchanged ? raw : original
  }
#endif
