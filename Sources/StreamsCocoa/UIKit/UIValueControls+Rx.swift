#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UISegmentedControl {
    /// The selected segment's index.
    @preconcurrency @MainActor
    public var selectedSegmentIndex: ControlProperty<Int> {
      value
    }

    /// The selected segment's index (``selectedSegmentIndex``).
    @preconcurrency @MainActor
    public var value: ControlProperty<Int> {
      valueProperty(getter: { $0.selectedSegmentIndex }, setter: { $0.selectedSegmentIndex = $1 })
    }

    /// Enables or disables the segment at `index`.
    @preconcurrency @MainActor
    public func enabledForSegment(at index: Int) -> Binder<Bool> {
      Binder(base) { control, enabled in control.setEnabled(enabled, forSegmentAt: index) }
    }

    /// Sets the title of the segment at `index`.
    @preconcurrency @MainActor
    public func titleForSegment(at index: Int) -> Binder<String?> {
      Binder(base) { control, title in control.setTitle(title, forSegmentAt: index) }
    }

    /// Sets the image of the segment at `index`.
    @preconcurrency @MainActor
    public func imageForSegment(at index: Int) -> Binder<UIImage?> {
      Binder(base) { control, image in control.setImage(image, forSegmentAt: index) }
    }
  }

  extension Reactive where Base: UIPageControl {
    /// The current page (RxCocoa binds it only; here it is also read, after each `.valueChanged`).
    @preconcurrency @MainActor
    public var currentPage: ControlProperty<Int> {
      valueProperty(getter: { $0.currentPage }, setter: { $0.currentPage = $1 })
    }

    /// Sets the number of pages.
    @preconcurrency @MainActor
    public var numberOfPages: Binder<Int> {
      Binder(base) { control, pages in control.numberOfPages = pages }
    }
  }

  #if os(iOS) || os(visionOS)
    extension Reactive where Base: UISwitch {
      /// Whether the switch is on.
      @preconcurrency @MainActor
      public var isOn: ControlProperty<Bool> {
        value
      }

      /// Whether the switch is on (``isOn``).
      @preconcurrency @MainActor
      public var value: ControlProperty<Bool> {
        valueProperty(getter: { $0.isOn }, setter: { $0.isOn = $1 })
      }
    }

    extension Reactive where Base: UISlider {
      /// The slider's value.
      @preconcurrency @MainActor
      public var value: ControlProperty<Float> {
        valueProperty(getter: { $0.value }, setter: { $0.value = $1 })
      }
    }

    extension Reactive where Base: UIStepper {
      /// The stepper's value.
      @preconcurrency @MainActor
      public var value: ControlProperty<Double> {
        valueProperty(getter: { $0.value }, setter: { $0.value = $1 })
      }
    }

    extension Reactive where Base: UIDatePicker {
      /// The picked date.
      @preconcurrency @MainActor
      public var date: ControlProperty<Date> {
        value
      }

      /// The picked date (``date``).
      @preconcurrency @MainActor
      public var value: ControlProperty<Date> {
        valueProperty(getter: { $0.date }, setter: { $0.date = $1 })
      }

      /// The count-down duration, in seconds.
      @preconcurrency @MainActor
      public var countDownDuration: ControlProperty<TimeInterval> {
        valueProperty(getter: { $0.countDownDuration }, setter: { $0.countDownDuration = $1 })
      }
    }

    extension Reactive where Base: UIRefreshControl {
      /// Begins or ends refreshing.
      @preconcurrency @MainActor
      public var isRefreshing: Binder<Bool> {
        Binder(base) { control, refreshing in refreshing ? control.beginRefreshing() : control.endRefreshing() }
      }
    }
  #endif
#endif
