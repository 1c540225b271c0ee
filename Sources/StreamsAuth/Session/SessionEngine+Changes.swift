import Foundation
import Streams

/// Sign-in, sign-out and restore: the machine's transitions, and the storage work around them.
extension SessionEngine {
  /// Signs in; the returned subject publishes the outcome once the credential was saved and
  /// `signedIn` emitted.
  func signIn(_ credential: Credential) -> AsyncSubject<Void> {
    change(.signedIn(credential)).done
  }

  /// Signs out; `done` publishes the outcome once storage was cleared and `signedOut` emitted;
  /// `ended` is the credential the session held, for ``revoke(_:)``.
  ///
  /// With `reason` ``SignOutReason/upstreamSignedOut(session:reason:)`` (the session this one
  /// depends on ended), the waiters of a refresh in flight fail with the matching
  /// ``AuthError/upstreamSignedOut(session:reason:)`` instead of ``AuthError/sessionEnded``.
  func signOut(_ reason: SignOutReason = .requested) -> (done: AsyncSubject<Void>, ended: Credential?) {
    let (done, answer) = change(.signedOut(reason))
    guard case .ended(let ended) = answer else { return (done, nil) }
    return (done, ended)
  }

  /// Signs in or out: the machine's actions, then, as the change's last job, the returned subject
  /// publishes the outcome of its save or clear.
  private func change(_ input: Machine.Input) -> (done: AsyncSubject<Void>, answer: Machine.Answer) {
    let done = AsyncSubject<Void>()
    let persisted = Persisted()
    let answer = perform { state in
      let transition = state.machine.transition(input)
      schedule(transition.actions, in: &state, persisted: persisted)
      state.jobs.post(Job { done.publish(persisted.outcome) })
      return transition.answer
    }
    return (done, answer)
  }

  /// Job: saves a signed-in credential.
  func save(signedIn credential: Credential) -> Result<Void, AuthError> {
    do throws(CredentialStorageError) {
      try credentialStorage.save(credential)
      return .success(())
    } catch {
      log(.error, "sign-in: saving the credential failed; it is used in memory: \(error)")
      return .failure(.storage(error))
    }
  }

  /// After a sign-in or sign-out, with a ``SharedCredentialStorage``: takes the cross-process
  /// lock, reads the store, and writes the session's state again (its credential, or none), so the
  /// change lands after any refresh another process was saving. A refresh of this session cannot
  /// interleave: it holds the same lock until its credential is installed. Returns the credential
  /// the store held if it is not the session's (another process renewed it); `nil` otherwise, and
  /// for a storage that is not shared.
  func settleShared() async throws(AuthError) -> Credential? {
    guard let shared = credentialStorage as? any SharedCredentialStorage else { return nil }
    let lease = try await shared.refreshLock.acquire()
    defer { lease.release() }
    let stored = try? shared.load()
    let current = self.current?.credential
    do throws(CredentialStorageError) {
      if let current { try shared.save(current) } else { try shared.clear() }
    } catch {
      log(.error, "writing the session to the shared store under its lock failed: \(error)")
      throw .storage(error)
    }
    return stored == current ? nil : stored
  }

  /// After a sign-out: revokes `credential` at the server through the refresher.
  ///
  /// - Throws: ``AuthError/revocationFailed(_:)`` wrapping the refresher's error.
  func revoke(_ credential: Credential) async throws(AuthError) {
    do throws(AuthError) {
      try await refresher.revoke(credential)
      log(.debug, "sign-out: the server revoked the tokens")
    } catch {
      log(.warning, "sign-out: the server did not confirm revoking the tokens: \(error)")
      throw .revocationFailed(error)
    }
  }

  /// Loads the stored credential once; later calls report the current one.
  func restore() -> AsyncSubject<Credential?> {
    let done = AsyncSubject<Credential?>()
    perform { state in
      state.restores.append(done)
      schedule(state.machine.transition(.restoreRequested).actions, in: &state)
    }
    return done
  }

  /// Job: reads the store for the restore that began in `epoch` and reports what it held; a
  /// failure fails the restore's callers and changes nothing.
  func load(restoring epoch: UInt64) -> Machine.Input? {
    do throws(CredentialStorageError) {
      return .loaded(try credentialStorage.load(), epoch: epoch)
    } catch {
      perform { state in
        let restores = state.restores
        state.restores.removeAll()
        state.jobs.post(Job { restores.forEach { $0.publish(.failure(.storage(error))) } })
      }
      return nil
    }
  }

  @discardableResult
  func clearStorage() -> Result<Void, AuthError> {
    do throws(CredentialStorageError) {
      try credentialStorage.clear()
      return .success(())
    } catch {
      log(.error, "clearing the stored credential failed: \(error)")
      return .failure(.storage(error))
    }
  }
}
