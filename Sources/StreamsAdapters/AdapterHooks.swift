import Streams

/// Where StreamsAdapters reports the misbehaviour it recovered from.
///
/// The default handler prints each ``AdapterDiagnostic`` to standard error, so a problem is never
/// silent. Replace it to log or count them:
///
/// ```swift
/// AdapterHooks.diagnostic = { diagnostic in
///   logger.warning("\(diagnostic)")
/// }
/// ```
///
/// Tests that run in parallel should not replace the process-wide handler; they use
/// ``withDiagnosticHandler(_:isolation:operation:)`` instead, which routes the diagnostics of the
/// adapters created inside it to a handler of their own.
public enum AdapterHooks {
  /// Receives every ``AdapterDiagnostic`` not routed elsewhere by
  /// ``withDiagnosticHandler(_:isolation:operation:)``. Thread-safe to read and to set.
  ///
  /// - Important: The handler is called on whichever thread the SDK called back on, outside every
  ///   lock of StreamsAdapters. It must not block.
  public static var diagnostic: @Sendable (AdapterDiagnostic) -> Void {
    get { global.withLock { $0 } }
    set { global.withLock { $0 = newValue } }
  }

  /// Runs `operation` with `handler` receiving the diagnostics of every adapter
  /// (`withCallback`, ``PendingRequest``, `events` and their Rx forms) created inside it, in this
  /// task or its child tasks, even when the SDK reports later and on another thread.
  ///
  /// ```swift
  /// let recorded = Recorded()
  /// try await AdapterHooks.withDiagnosticHandler({ recorded.append($0) }) {
  ///   _ = try await signIn()
  /// }
  /// #expect(recorded.kinds == [.duplicateCallback])
  /// ```
  public static func withDiagnosticHandler<Result>(
    _ handler: @escaping @Sendable (AdapterDiagnostic) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $scoped.withValue(DiagnosticHandler(handler), operation: operation)
  }

  /// The handler an adapter created now reports to: the scoped one, or `nil` for the global one.
  static func currentScope() -> DiagnosticHandler? { scoped }

  @TaskLocal private static var scoped: DiagnosticHandler?

  private static let global = LockedState<@Sendable (AdapterDiagnostic) -> Void>({ diagnostic in
    FileHandleOutput.standardError("StreamsAdapters: \(diagnostic)\n")
  })
}

/// A diagnostics handler captured by an adapter when it is created.
struct DiagnosticHandler: Sendable {
  let handle: @Sendable (AdapterDiagnostic) -> Void

  init(_ handle: @escaping @Sendable (AdapterDiagnostic) -> Void) {
    self.handle = handle
  }
}

/// Where one adapter reports: its origin, and the scoped handler that was current when it was made.
struct DiagnosticReporter: Sendable {
  let origin: String
  let scope: DiagnosticHandler?

  init(origin: String) {
    self.origin = origin
    self.scope = AdapterHooks.currentScope()
  }

  init(fileID: String, line: Int) {
    self.init(origin: "\(fileID):\(line)")
  }

  /// Reports `kind`. Call only outside locks.
  func report(_ kind: AdapterDiagnostic.Kind) {
    let diagnostic = AdapterDiagnostic(kind: kind, origin: origin)
    if let scope {
      scope.handle(diagnostic)
    } else {
      AdapterHooks.diagnostic(diagnostic)
    }
  }
}
