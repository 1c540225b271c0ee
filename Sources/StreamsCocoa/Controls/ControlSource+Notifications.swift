import Foundation
import Streams

extension ControlSource {
  /// Listens to `name` posted by `object(control)` (the control itself by default): for the
  /// controls that report changes by notification (a text view's edits, an AppKit text field's).
  ///
  /// The handler runs where the notification is posted, which for UIKit and AppKit is the main
  /// thread; a post from another thread is reported as an isolation violation.
  package static func listening<Control: AnyObject>(
    to name: Notification.Name, center: NotificationCenter = .default,
    object: @escaping @MainActor (Control) -> AnyObject? = { $0 }
  ) -> Listen<Control> {
    { control, handler in
      // Unchecked: called only through `MainActorDelivery.run`, which checks it runs as the main actor.
      let fire = UncheckedSendable({ [weak control] in if let control { handler(control) } } as @MainActor () -> Void)
      let token = center.addObserver(forName: name, object: object(control), queue: nil) { _ in
        MainActorDelivery.run("ControlEvent") { fire.value() }
      }
      return Disposables.create { center.removeObserver(token) }
    }
  }
}
