import Foundation
import Streams
@testable import StreamsAuth
import Testing

/// Real threads racing the session's waits: cancellation against decisions and resolutions.
@Suite("Session stress: cancelled waiters against their flight's resolution", .timeLimit(.minutes(2)))
struct SessionStressTests {
  @Test("Waiters cancelled before, while and after they join: each gets one outcome, none hangs, one refresh")
  func cancellationRacesResolution() async throws {
    for round in 0..<200 {
      let refresher = ScriptedRefresher()
      let session = SessionManager(refresher: refresher)
      try await session.signIn(.test())
      let generation = try #require(session.current).generation
      let gate = refresher.holdNext()
      let waiters = (0..<8).map { _ in Task { try await session.refresh(ifGeneration: generation) } }
      // Half are cancelled at once (some before they ask, some while they wait), while the refresh
      // that the others started is let go: every cancellation races a decision or the resolution.
      let opener = Task {
        await refresher.log.until { $0.calls == 1 }
        gate.open()
      }
      for (index, waiter) in waiters.enumerated() where index.isMultiple(of: 2) { waiter.cancel() }
      for (index, waiter) in waiters.enumerated() {
        do {
          #expect(try await waiter.value.credential.accessToken == "at-1", "round \(round)")
        } catch {
          #expect(error as? AuthError == .cancelled, "round \(round)")
          #expect(index.isMultiple(of: 2), "round \(round): waiter \(index) was not cancelled")
        }
      }
      await opener.value
      #expect(refresher.log.current.calls == 1, "round \(round)")
      #expect(session.engine.state.withLock { $0.machine.refresh == nil }, "round \(round)")
    }
  }
}
