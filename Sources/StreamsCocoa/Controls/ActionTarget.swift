#if canImport(ObjectiveC)
  import Foundation

  /// The target of a target-action pair (a control, a bar button item, a gesture recognizer):
  /// calls its closure on each action message. The caller keeps it alive while it listens (a
  /// control does not retain its targets).
  @MainActor
  final class ActionTarget: NSObject {
    /// The action message to register with the target.
    static let action = #selector(ActionTarget.fire(_:))

    private let body: @MainActor () -> Void

    init(_ body: @escaping @MainActor () -> Void) {
      self.body = body
    }

    @objc func fire(_ sender: Any?) {
      body()
    }
  }
#endif
