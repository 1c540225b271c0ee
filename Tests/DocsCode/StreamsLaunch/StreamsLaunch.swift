// What StreamsLaunch.md takes for granted: the app's tasks (OrderingAppStartUp.md shows how they are
// written) and a push notification's payload.
import StreamsLaunch

extension LaunchTask where Rank == AppRank {
  static var checkNetwork: LaunchTask { LaunchTask(.checkNetwork) { _ in } }
  static var login: LaunchTask { LaunchTask(.login) { _ in } }
  static var handlePush: LaunchTask { LaunchTask(.handlePush) { _ in } }
  static var appInfo: LaunchTask { LaunchTask(.appInfo) { _ in } }
}

let payload = ["id": "42"]
