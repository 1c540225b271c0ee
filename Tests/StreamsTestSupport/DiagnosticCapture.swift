import Streams

/// Takes over ``Streams/Hooks/diagnostic`` until ``end()``: the diagnostics that `select` picks
/// (it returns their text) are kept, in order; the others reach the hook installed before, so that
/// tests running beside this one keep theirs. Select on something only this test reports (its own
/// types' names, its own error), since the hook is process wide.
public final class DiagnosticCapture: @unchecked Sendable {
  // Unchecked: `texts` is a thread-safe log; `previous` is a constant.
  private let previous: @Sendable (Diagnostic) -> Void
  private let log = ValueLog<String>()

  /// Starts capturing what `select` picks.
  public init(_ select: @escaping @Sendable (Diagnostic) -> String?) {
    let previous = Hooks.diagnostic
    let log = log
    self.previous = previous
    Hooks.diagnostic = { diagnostic in
      if let text = select(diagnostic) { log.append(text) } else { previous(diagnostic) }
    }
  }

  /// The texts captured so far, in order.
  public var texts: [String] { log.entries }

  /// Puts back the hook installed before.
  public func end() {
    Hooks.diagnostic = previous
  }
}
