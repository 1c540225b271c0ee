// What RefreshingTokensWithoutLosingSessions.md takes for granted: the tokens the app's sign-in flow
// obtained, the screens it routes to, and a scripted refresher for tests.
import Foundation
import StreamsAuth

struct Tokens: Sendable {
  let accessToken: String
  let refreshToken: String?
  let expiresIn: TimeInterval
  let userID: String?
}

struct ScriptedRefresher: CredentialRefresher {
  func refresh(_ credential: Credential) async throws(AuthError) -> Credential {
    Credential(accessToken: "renewed", refreshToken: "next", expiresAt: Date().addingTimeInterval(3600))
  }
}

let tokens = Tokens(accessToken: "access", refreshToken: "refresh", expiresIn: 3600, userID: "ann")
let credential = Credential(accessToken: "access", refreshToken: "refresh", expiresAt: Date().addingTimeInterval(1000))
let scriptedRefresher = ScriptedRefresher()

@MainActor func showSignIn() {}
@MainActor func showHome() {}
@MainActor func showOfflineBanner() {}
