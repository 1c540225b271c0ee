// What DependenciesLanesAndTraces.md takes for granted: the app's ranks (declared in
// OrderingAppStartUp.md) and the services its tasks call.
import StreamsLaunch

enum AppRank: Int, Comparable, Sendable {
  case checkNetwork, checkMyInformation, login, handlePush, appInfo, activeServices, fullScreenBanner
  static func < (lhs: AppRank, rhs: AppRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

struct Push: Sendable { let id: String }

struct Network: Sendable { func check() async throws {} }
struct Auth: Sendable { func logIn() async throws -> Session { Session(user: "ann") } }
struct API: Sendable {
  func userInfo(for session: Session) async throws -> UserInfo { UserInfo(name: session.user, services: []) }
  func appInfo() async throws {}
}
struct Services: Sendable { func load(for info: UserInfo) async throws {} }
struct Banners: Sendable { @MainActor func present() async throws {} }
struct Router: Sendable { func open(_ push: Push, as session: Session) async throws {} }

let network = Network()
let auth = Auth()
let api = API()
let services = Services()
let banners = Banners()
let router = Router()
let payload = Push(id: "42")
