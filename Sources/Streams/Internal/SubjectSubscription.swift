/// A subject that can remove an observer by key.
protocol UnsubscribableSubject: AnyObject {
  func unsubscribe(_ key: Int)
}

/// The disposable a subject returns from `subscribe`: removes the observer once, then forgets the
/// subject, so a disposed subscription keeps nothing alive.
final class SubjectSubscription: Disposable, @unchecked Sendable {
  private let disposed = AtomicFlag()
  // Written only by the one thread that wins `disposed.set()`.
  private var subject: UnsubscribableSubject?
  private let key: Int

  init(subject: UnsubscribableSubject, key: Int) {
    self.subject = subject
    self.key = key
  }

  func dispose() {
    guard disposed.set() else { return }
    let subject = self.subject
    self.subject = nil
    subject?.unsubscribe(key)
  }
}
