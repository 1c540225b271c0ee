#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  @MainActor
  extension Reactive where Base: UIView {
    /// Sets `isHidden`.
    public var isHidden: Binder<Bool> {
      Binder(base) { view, hidden in view.isHidden = hidden }
    }

    /// Sets `alpha`.
    public var alpha: Binder<CGFloat> {
      Binder(base) { view, alpha in view.alpha = alpha }
    }

    /// Sets `backgroundColor`.
    public var backgroundColor: Binder<UIColor?> {
      Binder(base) { view, color in view.backgroundColor = color }
    }

    /// Sets `isUserInteractionEnabled`.
    public var isUserInteractionEnabled: Binder<Bool> {
      Binder(base) { view, enabled in view.isUserInteractionEnabled = enabled }
    }
  }

  @MainActor
  extension Reactive where Base: UILabel {
    /// Sets `text`.
    public var text: Binder<String?> {
      Binder(base) { label, text in label.text = text }
    }

    /// Sets `attributedText`.
    public var attributedText: Binder<NSAttributedString?> {
      Binder(base) { label, text in label.attributedText = text }
    }
  }

  @MainActor
  extension Reactive where Base: UIViewController {
    /// Sets `title`.
    public var title: Binder<String?> {
      Binder(base) { controller, title in controller.title = title }
    }
  }

  @MainActor
  extension Reactive where Base: UINavigationItem {
    /// Sets `title`.
    public var title: Binder<String?> {
      Binder(base) { item, title in item.title = title }
    }
  }

  @MainActor
  extension Reactive where Base: UIActivityIndicatorView {
    /// Starts or stops the animation.
    public var isAnimating: Binder<Bool> {
      Binder(base) { indicator, active in active ? indicator.startAnimating() : indicator.stopAnimating() }
    }
  }

  #if os(iOS) || os(visionOS)
    @MainActor
    extension Reactive where Base: UIProgressView {
      /// Sets `progress`.
      public var progress: Binder<Float> {
        Binder(base) { view, progress in view.progress = progress }
      }
    }
  #endif
#endif
