#if canImport(ObjectiveC)
  import Foundation
  import Streams

  /// An object with one target-action pair (a bar button item, an AppKit control), which
  /// StreamsCocoa borrows while something listens.
  @MainActor
  protocol SingleTargetAction: AnyObject {
    var target: AnyObject? { get set }
    var action: Selector? { get set }
  }

  extension SingleTargetAction {
    /// Makes `listener` the object's target-action pair; the returned disposable puts back the
    /// pair the object had, if the object still has this one then.
    func borrowTargetAction(for listener: ActionTarget) -> Disposable {
      let previousAction = action
      let restore = Disposables.create { [weak self, weak previousTarget = target] in
        guard let self, self.target === listener else { return }
        self.target = previousTarget
        self.action = previousAction
      }
      target = listener
      action = ActionTarget.action
      return restore
    }
  }
#endif
