#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UIButton {
    #if os(tvOS)
      /// The button's primary action (`.primaryActionTriggered`).
      @preconcurrency @MainActor
      public var primaryAction: ControlEvent<Void> {
        controlEvent(.primaryActionTriggered)
      }
    #else
      /// Taps on the button (`.touchUpInside`).
      @preconcurrency @MainActor
      public var tap: ControlEvent<Void> {
        controlEvent(.touchUpInside)
      }
    #endif

    /// Sets the title for `controlState`.
    @preconcurrency @MainActor
    public func title(for controlState: UIControl.State = []) -> Binder<String?> {
      Binder(base) { button, title in button.setTitle(title, for: controlState) }
    }

    /// Sets the attributed title for `controlState`.
    @preconcurrency @MainActor
    public func attributedTitle(for controlState: UIControl.State = []) -> Binder<NSAttributedString?> {
      Binder(base) { button, title in button.setAttributedTitle(title, for: controlState) }
    }

    /// Sets the image for `controlState`.
    @preconcurrency @MainActor
    public func image(for controlState: UIControl.State = []) -> Binder<UIImage?> {
      Binder(base) { button, image in button.setImage(image, for: controlState) }
    }

    /// Sets the background image for `controlState`.
    @preconcurrency @MainActor
    public func backgroundImage(for controlState: UIControl.State = []) -> Binder<UIImage?> {
      Binder(base) { button, image in button.setBackgroundImage(image, for: controlState) }
    }
  }
#endif
