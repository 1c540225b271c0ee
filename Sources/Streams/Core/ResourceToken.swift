/// Counts the object that stores it in ``Resources`` while counting is on: each counted class
/// holds one (`private let resource = ResourceToken()`), so that counting takes one line in it and
/// none in its `deinit`.
///
/// Off, creating one is a single load of the mode, releasing one a test of its own field, and it
/// takes one word in its owner.
struct ResourceToken: ~Copyable {
  /// The scope its owner was counted in (``ResourceScope/process`` outside any
  /// `Resources.live(after:)`), or `nil` when it was created while counting was off.
  private let scope: ResourceScope?

  @inline(__always)
  init() {
    scope = TracingMode.isCounting ? Self.enter() : nil
  }

  /// A token that never counts, for objects that live as long as the process (shared instances).
  init(uncounted: Void) {
    scope = nil
  }

  @inline(never)
  private static func enter() -> ResourceScope {
    ResourceScope.process.add(1)
    guard let current = ResourceScope.current else { return .process }
    current.add(1)
    return current
  }

  @inline(__always)
  deinit {
    if let scope { Self.leave(scope) }
  }

  @inline(never)
  private static func leave(_ scope: ResourceScope) {
    ResourceScope.process.add(-1)
    if scope !== ResourceScope.process { scope.add(-1) }
  }
}
