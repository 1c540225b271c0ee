// What OrderingAppStartUp.md takes for granted: the services its tasks call, the tasks it does not
// show, and what the app's entry points receive.
import Foundation
import Streams
import StreamsLaunch

enum AuthError: Error { case sessionExpired }
struct Push: Sendable { let id: String }

struct Network: Sendable { func check() async throws {} }
struct Location: Sendable { func requestPermission() async throws {} }
struct Store: Sendable { func checkForUpdate() async throws {} }
struct Banners: Sendable { @MainActor func presentToday() async throws {} }
struct Auth: Sendable { func logIn() async throws {} }
struct Logger: Sendable { func info(_ message: String) {} }
struct Analytics: Sendable { func track(_ name: String, _ value: String) {} }
@MainActor struct TermsScreen {
  func present(onAccept: @escaping () -> Void, onDecline: @escaping () -> Void) { onAccept() }
}

let network = Network()
let location = Location()
let store = Store()
let banners = Banners()
let auth = Auth()
let logger = Logger()
let analytics = Analytics()
@MainActor let termsScreen = TermsScreen()
let bag = DisposeBag()
let payload = Push(id: "42")
let url = URL(string: "myapp://inbox")!

extension LaunchTask where Rank == AppRank {
  static var checkMyInformation: LaunchTask { LaunchTask(.checkMyInformation) { _ in } }
  static var handlePush: LaunchTask { LaunchTask(.handlePush) { _ in } }
  static var appInfo: LaunchTask { LaunchTask(.appInfo) { _ in } }
  static var activeServices: LaunchTask { LaunchTask(.activeServices) { _ in } }
  static var openURL: LaunchTask { LaunchTask(.openURL) { _ in } }
  static var dailyTask: LaunchTask { LaunchTask(.dailyTask) { _ in } }
}
