#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UIView {
    /// Sets `isHidden`.
    @preconcurrency @MainActor
    public var isHidden: Binder<Bool> {
      Binder(base) { view, hidden in view.isHidden = hidden }
    }

    /// Sets `alpha`.
    @preconcurrency @MainActor
    public var alpha: Binder<CGFloat> {
      Binder(base) { view, alpha in view.alpha = alpha }
    }

    /// Sets `backgroundColor`.
    @preconcurrency @MainActor
    public var backgroundColor: Binder<UIColor?> {
      Binder(base) { view, color in view.backgroundColor = color }
    }

    /// Sets `isUserInteractionEnabled`.
    @preconcurrency @MainActor
    public var isUserInteractionEnabled: Binder<Bool> {
      Binder(base) { view, enabled in view.isUserInteractionEnabled = enabled }
    }
  }

  extension Reactive where Base: UILabel {
    /// Sets `text`.
    @preconcurrency @MainActor
    public var text: Binder<String?> {
      Binder(base) { label, text in label.text = text }
    }

    /// Sets `attributedText`.
    @preconcurrency @MainActor
    public var attributedText: Binder<NSAttributedString?> {
      Binder(base) { label, text in label.attributedText = text }
    }
  }

  extension Reactive where Base: UIViewController {
    /// Sets `title`.
    @preconcurrency @MainActor
    public var title: Binder<String?> {
      Binder(base) { controller, title in controller.title = title }
    }
  }

  extension Reactive where Base: UINavigationItem {
    /// Sets `title`.
    @preconcurrency @MainActor
    public var title: Binder<String?> {
      Binder(base) { item, title in item.title = title }
    }
  }

  extension Reactive where Base: UIActivityIndicatorView {
    /// Starts or stops the animation.
    @preconcurrency @MainActor
    public var isAnimating: Binder<Bool> {
      Binder(base) { indicator, active in active ? indicator.startAnimating() : indicator.stopAnimating() }
    }
  }

  #if os(iOS) || os(visionOS)
    extension Reactive where Base: UIProgressView {
      /// Sets `progress`.
      @preconcurrency @MainActor
      public var progress: Binder<Float> {
        Binder(base) { view, progress in view.progress = progress }
      }
    }
  #endif
#endif
