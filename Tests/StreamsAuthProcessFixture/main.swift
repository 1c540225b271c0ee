// One process of StreamsAuthTests' multi-process refresh tests (IntegrationMultiProcessTests).
//
//   StreamsAuthProcessFixture request STORE TOKEN_URL RESOURCE_URL CLIENT_ID LOCK_TIMEOUT
//     Restores a SessionManager from the FileCredentialStorage at STORE, prints "READY", waits
//     for a line on stdin, sends GET RESOURCE_URL through the session's interceptor, and prints
//     one JSON line: {"status", "access", "refresh"} (fingerprints of the tokens it ends with,
//     never the tokens) or {"error", "temporary"}.
//   StreamsAuthProcessFixture hold-lock LOCK_FILE
//     Takes an exclusive flock on LOCK_FILE, prints "LOCKED", and holds it until stdin closes
//     or the process is killed.
//
// It exits when stdin reaches end of file, so it never outlives the test that started it.
import Foundation
import Streams
import StreamsAuth

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// FNV-1a, 64 bits, in hex: tells tokens apart without printing them.
func fingerprint(_ token: String?) -> String {
  guard let token else { return "none" }
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in token.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x100_0000_01b3
  }
  return String(hash, radix: 16)
}

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func json(_ object: [String: Any]) -> String {
  String(
    decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

func holdLock(_ path: String) -> Never {
  let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
  guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { fail("cannot lock \(path)") }
  say("LOCKED")
  while readLine() != nil {}
  exit(0)
}

func request(_ arguments: [String]) async {
  guard arguments.count == 5, let tokenURL = URL(string: arguments[1]), let resourceURL = URL(string: arguments[2]),
    let lockTimeout = TimeInterval(arguments[4])
  else { fail("usage: request STORE TOKEN_URL RESOURCE_URL CLIENT_ID LOCK_TIMEOUT") }
  let storage = FileCredentialStorage(fileURL: URL(fileURLWithPath: arguments[0]), lockTimeout: lockTimeout)
  let session = SessionManager(
    oauth: OAuthClientConfiguration(tokenEndpoint: tokenURL, clientID: arguments[3]), storage: storage,
    log: { message in FileHandle.standardError.write(Data("\(message)\n".utf8)) })
  do {
    try await session.restore()
  } catch {
    fail("restore failed: \(error)")
  }
  let host = resourceURL.port.map { "\(resourceURL.host ?? ""):\($0)" } ?? (resourceURL.host ?? "")
  let client = HTTPClient(interceptors: [session.interceptor(hosts: [host])])
  say("READY")
  guard readLine() != nil else { exit(0) }
  do {
    let response = try await client.send(URLRequest(url: resourceURL, timeoutInterval: 60))
    let current = try? await session.validSession()
    say(
      json([
        "status": response.statusCode, "access": fingerprint(current?.accessToken),
        "refresh": fingerprint(current?.refreshToken),
      ]))
  } catch let error as AuthError {
    say(json(["error": error.description, "temporary": error.isTemporary]))
  } catch {
    say(json(["error": "\(error)", "temporary": false]))
  }
  // Wait for the test to close stdin, so the process never outlives it.
  while readLine() != nil {}
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "hold-lock" where arguments.count == 2:
  holdLock(arguments[1])
case "request":
  await request(Array(arguments.dropFirst()))
default:
  fail("usage: request … | hold-lock LOCK_FILE")
}
