import Foundation
import Streams

/// A refresh's progress: its task, then the machine's decision at each step, each step's effects
/// queued in order.
extension SessionEngine {

  /// Creates refresh `id`'s task (creating a task runs nothing). The task holds the engine
  /// weakly.
  ///
  /// With a ``SharedCredentialStorage``, the task first takes the cross-process lock and re-reads
  /// the store: a credential another process stored meanwhile is adopted instead of refreshing.
  /// The lock is held until the renewed credential is saved (or the refresh ends otherwise).
  func refreshTask(id: UInt64, credential: Credential?) -> Task<Void, Never> {
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
      self.refreshFinished(id: id, renewal)
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

  /// Refresh `id`'s refresher returned: the machine decides whether to save, re-read storage,
  /// publish, or discard. The cross-process lock is released after the save or re-read, or at once.
  private func refreshFinished(id: UInt64, _ renewal: Renewal) {
    let uptime = scheduler.monotonicNow
    let lease = renewal.lease
    perform { state in
      state.tasks[id] = nil
      if renewal.adopted {
        log(.debug, "refresh #\(id): another process had renewed the credential; adopted it", in: &state)
      }
      switch state.machine.refreshFinished(id: id, result: renewal.result, uptime: uptime) {
      case .discard:
        state.jobs.post { lease?.release() }
        log(.warning, "refresh #\(id) finished after the session changed; its result was discarded", in: &state)
      case .persist(let renewed):
        state.jobs.post {
          self.persist(id: id, renewed, save: !renewal.adopted)
          lease?.release()
        }
      case .reread:
        if case .failure(let error) = renewal.result {
          log(.warning, "refresh #\(id) was rejected; checking storage before ending the session: \(error)", in: &state)
        }
        state.jobs.post {
          self.reread(id: id)
          lease?.release()
        }
      case .publish(let outcome, let result, let events):
        state.jobs.post { lease?.release() }
        if case .failure(let error) = renewal.result {
          log(.warning, "refresh #\(id) failed; the session was kept: \(error)", in: &state)
        }
        complete(Machine.Completion(signal: outcome, outcome: result, events: events, clearStorage: false), in: &state)
      }
    }
  }

  /// Job: saves the renewed credential (unless `save` is false: another process stored it), then
  /// installs it and releases the waiters. A sign-out or sign-in that happened after the refresher
  /// returned queued its own storage job after this one, so this save can never overwrite what it
  /// wrote.
  private func persist(id: UInt64, _ renewed: Credential, save: Bool) {
    do {
      if save { try credentialStorage.save(renewed) }
    } catch {
      log(.error, "refresh #\(id): saving the renewed credential failed; it is used in memory: \(error)")
    }
    perform { state in
      guard let completion = state.machine.persisted(id: id) else {
        log(
          .warning,
          "refresh #\(id) was saved but the session changed meanwhile; the next sign-in or sign-out replaces it",
          in: &state)
        return
      }
      if save { log(.debug, "refresh #\(id) succeeded and was saved: \(renewed)", in: &state) }
      complete(completion, in: &state)
    }
  }

  /// Job: after a rejection, adopts a credential another process stored, or ends the session.
  private func reread(id: UInt64) {
    var loaded: Credential?
    do {
      loaded = try credentialStorage.load()
    } catch {
      log(.error, "refresh #\(id): reading storage after a rejection failed: \(error)")
    }
    perform { state in
      guard let completion = state.machine.reread(id: id, loaded: loaded) else { return }
      if case .success = completion.outcome {
        log(.debug, "refresh #\(id): another process had already renewed the credential; adopted it", in: &state)
      } else {
        log(.warning, "refresh #\(id): the refresh token was rejected; the session was cleared", in: &state)
      }
      complete(completion, in: &state)
    }
  }

  /// Under the lock: queues a refresh's last step: clear storage if asked, publish the outcome,
  /// emit the events.
  private func complete(_ completion: Machine.Completion, in state: inout State) {
    state.jobs.post {
      if completion.clearStorage { self.clearStorage() }
      completion.signal.publish(completion.outcome)
      completion.events.forEach(self.subject.onNext)
    }
  }
}
