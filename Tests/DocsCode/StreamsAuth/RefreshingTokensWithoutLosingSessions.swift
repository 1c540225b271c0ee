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

#if !canImport(Security)
  // The Keychain exists on Apple platforms only. Elsewhere the article's code is compiled against
  // this stand-in with the same initializer, which keeps the credential in memory.
  struct KeychainCredentialStorage: CredentialStorage {
    private let memory = InMemoryCredentialStorage()
    init(service: String) {}
    func load() throws(CredentialStorageError) -> Credential? { try memory.load() }
    func save(_ credential: Credential) throws(CredentialStorageError) { try memory.save(credential) }
    func clear() throws(CredentialStorageError) { try memory.clear() }
  }
#endif
