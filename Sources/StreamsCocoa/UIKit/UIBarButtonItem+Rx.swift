#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UIBarButtonItem {
    /// Taps on the item. An item has one target-action pair: while subscribed, the item's target
    /// and action are this sequence's, and the ones it had are put back when the subscription ends.
    @preconcurrency @MainActor
    public var tap: ControlEvent<Void> {
      let listen: ControlSource.Listen<Base> = { item, handler in
        let target = ActionTarget { [weak item] in if let item { handler(item) } }
        // The listener is kept by the disposable: an item holds its target weakly.
        return item.borrowTargetAction(for: target)
      }
      return ControlSource.events(of: base, deallocated: deallocated, listen: listen) { _ in () }
    }
  }

  extension UIBarButtonItem: SingleTargetAction {}

  extension Reactive where Base: UIGestureRecognizer {
    /// The recognizer, each time it calls its targets (each state change it reports).
    @preconcurrency @MainActor
    public var event: ControlEvent<Base> {
      let listen: ControlSource.Listen<Base> = { recognizer, handler in
        let target = ActionTarget { [weak recognizer] in if let recognizer { handler(recognizer) } }
        recognizer.addTarget(target, action: ActionTarget.action)
        return Disposables.create { [weak recognizer] in recognizer?.removeTarget(target, action: ActionTarget.action) }
      }
      return ControlSource.events(of: base, deallocated: deallocated, listen: listen) { $0 }
    }
  }
#endif
