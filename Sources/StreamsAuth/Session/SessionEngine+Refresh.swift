import Foundation
import Streams

/// A refresh flight's work outside the lock: its task, the save of its renewal, the re-read after a
/// rejection; each reports back to the machine.
extension SessionEngine {
  /// Creates flight `flight`'s task (creating a task runs nothing). The task holds the engine
  /// weakly.
  ///
  /// With a ``SharedCredentialStorage``, the task first takes the cross-process lock and re-reads
  /// the store: a credential another process stored meanwhile is adopted instead of refreshing.
  /// The lock is held until the renewed credential is saved (or the refresh ends otherwise).
  func refreshTask(flight: UInt64, credential: Credential?) -> Task<Void, Never> {
    let refresher = self.refresher
    let shared = credentialStorage as? any SharedCredentialStorage
    return Task { [weak self] in
      var renewal = Renewal(result: .failure(.cancelled))
      do throws(AuthError) {
        if let shared {
          renewal.lease = try await shared.refreshLock.acquire()
          if let stored = Self.newer(than: credential, in: shared) {
            renewal.result = .success(stored)
            renewal.adopted = true
          }
        }
        if !renewal.adopted {
          if let credential {
            renewal.result = .success(try await refresher.refresh(credential))
          } else {
            renewal.result = .success(try await refresher.obtain())
          }
        }
      } catch {
        renewal.result = .failure(error)
      }
      guard let self else {
        renewal.lease?.release()
        return
      }
      self.refreshReturned(flight: flight, renewal)
    }
  }

  /// What a refresh task produced: its result, whether that is a credential another process
  /// stored (already saved), and the cross-process lock it holds, if any.
  private struct Renewal: Sendable {
    var result: Result<Credential, AuthError>
    var adopted = false
    var lease: RefreshLock.Lease?
  }

  /// The credential in `storage` if it is not `credential`: another process renewed it (or signed
  /// in) since this one read it. An unreadable store counts as none.
  private static func newer(than credential: Credential?, in storage: any CredentialStorage) -> Credential? {
    guard let stored = try? storage.load(),
      stored.accessToken != credential?.accessToken
        || stored.refreshToken != credential?.refreshToken
    else { return nil }
    return stored
  }

  /// Flight `flight`'s task returned: the flight keeps the cross-process lock for the machine's
  /// next step (a flight the machine forgot releases it at once), and the machine decides.
  private func refreshReturned(flight: UInt64, _ renewal: Renewal) {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    perform { state in
      if let record = state.flights[flight] {
        record.task = nil
        record.lease = renewal.lease
      } else if let lease = renewal.lease {
        state.jobs.post(Job { lease.release() })
      }
      let transition = state.machine.transition(
        .refreshReturned(flight: flight, renewal.result, adopted: renewal.adopted, now: now, uptime: uptime))
      schedule(transition.actions, in: &state)
    }
  }

  /// Job: saves flight `flight`'s renewal (unless `write` is false: another process stored it),
  /// releases the cross-process lock, and reports the save. A sign-out or sign-in that happened
  /// after the refresher returned queued its own storage job after this one, so this save can
  /// never overwrite what it wrote.
  func saveRenewal(flight: UInt64, _ renewed: Credential, write: Bool, releasing lease: RefreshLock.Lease?)
    -> Machine.Input
  {
    do {
      if write { try credentialStorage.save(renewed) }
    } catch {
      log(.error, "refresh #\(flight): saving the renewed credential failed; it is used in memory: \(error)")
    }
    lease?.release()
    return .saved(flight: flight)
  }

  /// Job: after a rejection, reads the store (another process may have renewed the credential),
  /// releases the cross-process lock, and reports what it found.
  func reread(flight: UInt64, releasing lease: RefreshLock.Lease?) -> Machine.Input {
    var loaded: Credential?
    do {
      loaded = try credentialStorage.load()
    } catch {
      log(.error, "refresh #\(flight): reading storage after a rejection failed: \(error)")
    }
    lease?.release()
    return .reread(flight: flight, loaded: loaded)
  }
}
