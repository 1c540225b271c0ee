// The StreamsAuth articles are written for apps on Apple platforms. Where the Keychain and
// AuthenticationServices do not exist (Linux, where CI compiles the articles), their code is
// compiled against these stand-ins, with the same initializers and no behaviour worth the name.
import Foundation
import StreamsAuth

#if !canImport(Security)
  struct KeychainCredentialStorage: CredentialStorage {
    private let memory = InMemoryCredentialStorage()
    init(service: String) {}
    func load() throws(CredentialStorageError) -> Credential? { try memory.load() }
    func save(_ credential: Credential) throws(CredentialStorageError) { try memory.save(credential) }
    func clear() throws(CredentialStorageError) { try memory.clear() }
  }
#endif

#if canImport(AuthenticationServices)
  import AuthenticationServices

  @MainActor let window = ASPresentationAnchor()
#else
  final class WebAuthenticationSessionUserAgent: AuthorizationUserAgent, Sendable {
    init(anchor: AnyObject? = nil, prefersEphemeralWebBrowserSession: Bool = false) {}
    func authorize(url: URL, redirectURI: URL) async throws -> URL { redirectURI }
  }

  nonisolated(unsafe) let window: AnyObject? = nil
#endif
