/// A subject that can remove an observer by key.
@usableFromInline
protocol UnsubscribableSubject: AnyObject {
  func unsubscribe(_ key: Int)
}

/// The disposable a subject returns from `subscribe`: removes the observer once, then forgets the
/// subject, so a disposed subscription keeps nothing alive.
@usableFromInline
final class SubjectSubscription: Disposable, @unchecked Sendable {
  @usableFromInline let disposed = AtomicFlag()
  // Written only by the one thread that wins `disposed.set()`.
  @usableFromInline var subject: UnsubscribableSubject?
  @usableFromInline let key: Int

  @usableFromInline
  init(subject: UnsubscribableSubject, key: Int) {
    self.subject = subject
    self.key = key
  }

  @usableFromInline
  func dispose() {
    guard disposed.set() else { return }
    let subject = self.subject
    self.subject = nil
    subject?.unsubscribe(key)
  }
}
