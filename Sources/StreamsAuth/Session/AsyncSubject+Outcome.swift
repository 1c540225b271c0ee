import Streams

extension AsyncSubject where Element: Sendable {
  /// Publishes `outcome` once: the element and completion, or the error.
  func publish(_ outcome: Result<Element, AuthError>) {
    switch outcome {
    case .success(let value):
      onNext(value)
      onCompleted()
    case .failure(let error):
      onError(error)
    }
  }

  /// The outcome published on this subject, awaited through Streams' bridge (`.value`).
  ///
  /// Cancelling the calling task throws ``AuthError/cancelled``; the work that publishes carries on.
  var outcome: Element {
    get async throws(AuthError) {
      do {
        return try await asSingle().value
      } catch {
        throw error as? AuthError ?? .cancelled
      }
    }
  }
}
