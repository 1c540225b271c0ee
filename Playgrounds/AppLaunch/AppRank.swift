import StreamsLaunch

/// The steps of the app's start-up, in the order they must run.
///
/// The order of the cases is the order of start-up: `Comparable` is derived from it. A push payload
/// is handled after login (it needs the user), and a URL open after the active services are
/// known (it may open one of them).
enum AppRank: Int, Comparable, Sendable {
  case checkNetwork
  case requestLocation
  case checkMyInformation
  case login
  case acceptTerms
  case handlePush
  case appInfo
  case activeServices
  case openURL
  case optionalUpdate
  case dailyTask
  case fullScreenBanner

  static func < (lhs: AppRank, rhs: AppRank) -> Bool { lhs.rawValue < rhs.rawValue }
}
