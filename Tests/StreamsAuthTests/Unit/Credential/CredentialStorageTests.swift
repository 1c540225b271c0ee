import Foundation
@testable import StreamsAuth
import Testing

/// Credential storages.
@Suite("Credential storage", .timeLimit(.minutes(1)))
struct CredentialStorageTests {
  let credential = Credential(
    accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_700_000_000), scope: "s",
    userID: "u")

  func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("streams-auth-\(UUID().uuidString)")
  }

  @Test("In memory: save, load, clear")
  func inMemory() throws {
    let storage = InMemoryCredentialStorage()
    #expect(try storage.load() == nil)
    try storage.save(credential)
    #expect(try storage.load() == credential)
    try storage.clear()
    #expect(try storage.load() == nil)
  }

  @Test("File: round trip, owner-only permissions, no temporary files left, clear is idempotent")
  func file() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("nested/credential.json")
    let storage = FileCredentialStorage(fileURL: url)
    #expect(try storage.load() == nil)
    try storage.save(credential)
    try storage.save(Credential(accessToken: "b", refreshToken: "r2", expiresAt: nil))
    #expect(try storage.load() == Credential(accessToken: "b", refreshToken: "r2", expiresAt: nil))
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let parent = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)
    #expect((parent[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
    #expect(siblings == ["credential.json"])
    try storage.clear()
    try storage.clear()
    #expect(try storage.load() == nil)
  }

  @Test("File: a corrupt file gives decodingFailed; an unwritable place gives fileSystem")
  func fileErrors() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("credential.json")
    try Data("not json".utf8).write(to: url)
    #expect(throws: CredentialStorageError.self) { try FileCredentialStorage(fileURL: url).load() }
    do {
      _ = try FileCredentialStorage(fileURL: url).load()
    } catch {
      guard case .decodingFailed = error else {
        Issue.record("expected decodingFailed, got \(error)")
        return
      }
    }
    let blocked = url.appendingPathComponent("inside-a-file.json")
    do {
      try FileCredentialStorage(fileURL: blocked).save(credential)
      Issue.record("saving under a regular file must fail")
    } catch {
      guard case .fileSystem = error else {
        Issue.record("expected fileSystem, got \(error)")
        return
      }
      #expect(!error.description.isEmpty)
    }
  }

  @Test("A session restores from a file and saves rotations to it")
  func restoreFromFile() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let storage = FileCredentialStorage(fileURL: directory.appendingPathComponent("credential.json"))
    try storage.save(Credential.test(expiresAt: Date().addingTimeInterval(3600)))
    let refresher = ScriptedRefresher()
    let session = SessionManager(refresher: refresher, storage: storage)
    let recorder = EventRecorder(session.events)
    let restored = try await session.restore()
    #expect(restored?.accessToken == "at-0")
    #expect(await recorder.events.until { $0.count == 1 })
    #expect(recorder.events.current == [.initialSession(restored)])
    let renewed = try await session.refresh(ifGeneration: session.current!.generation)
    #expect(try storage.load() == renewed.credential)
    // A second restore does not reload.
    #expect(try await session.restore() == renewed.credential)
  }
}
