#if canImport(UIKit) && !os(watchOS)
  import Streams
  import UIKit

  extension Reactive where Base: UIApplication {
    /// `didEnterBackgroundNotification`.
    public static var didEnterBackground: ControlEvent<Void> {
      posts(of: UIApplication.didEnterBackgroundNotification)
    }

    /// `willEnterForegroundNotification`.
    public static var willEnterForeground: ControlEvent<Void> {
      posts(of: UIApplication.willEnterForegroundNotification)
    }

    /// `didFinishLaunchingNotification`.
    public static var didFinishLaunching: ControlEvent<Void> {
      posts(of: UIApplication.didFinishLaunchingNotification)
    }

    /// `didBecomeActiveNotification`.
    public static var didBecomeActive: ControlEvent<Void> {
      posts(of: UIApplication.didBecomeActiveNotification)
    }

    /// `willResignActiveNotification`.
    public static var willResignActive: ControlEvent<Void> {
      posts(of: UIApplication.willResignActiveNotification)
    }

    /// `didReceiveMemoryWarningNotification`.
    public static var didReceiveMemoryWarning: ControlEvent<Void> {
      posts(of: UIApplication.didReceiveMemoryWarningNotification)
    }

    /// `willTerminateNotification`.
    public static var willTerminate: ControlEvent<Void> {
      posts(of: UIApplication.willTerminateNotification)
    }

    /// `significantTimeChangeNotification`.
    public static var significantTimeChange: ControlEvent<Void> {
      posts(of: UIApplication.significantTimeChangeNotification)
    }

    /// `backgroundRefreshStatusDidChangeNotification`.
    public static var backgroundRefreshStatusDidChange: ControlEvent<Void> {
      posts(of: UIApplication.backgroundRefreshStatusDidChangeNotification)
    }

    /// `protectedDataWillBecomeUnavailableNotification`.
    public static var protectedDataWillBecomeUnavailable: ControlEvent<Void> {
      posts(of: UIApplication.protectedDataWillBecomeUnavailableNotification)
    }

    /// `protectedDataDidBecomeAvailableNotification`.
    public static var protectedDataDidBecomeAvailable: ControlEvent<Void> {
      posts(of: UIApplication.protectedDataDidBecomeAvailableNotification)
    }

    /// `userDidTakeScreenshotNotification`.
    public static var userDidTakeScreenshot: ControlEvent<Void> {
      posts(of: UIApplication.userDidTakeScreenshotNotification)
    }

    /// Each post of `name` by the default center, as RxCocoa's application events are.
    private static func posts(of name: Notification.Name) -> ControlEvent<Void> {
      ControlEvent(events: NotificationCenter.default.rx.notification(name).map { _ in () })
    }
  }
#endif
