/// The disposable a subject returns from `subscribe`: removes the observer once, then forgets the
/// subject, so a disposed subscription keeps nothing alive.
@usableFromInline
final class SubjectSubscription: Disposable, @unchecked Sendable {
  // Unchecked: `subject` is written only by the one thread that wins `disposed`; `key` is a `let`.
  private let resource = ResourceToken()
  @usableFromInline let disposed = OnceFlag()
  // Written only by the one thread that wins `disposed.set()`, so accesses never overlap.
  @usableFromInline @exclusivity(unchecked) var subject: (any SubjectCore)?
  @usableFromInline let key: Int

  @usableFromInline
  init(subject: any SubjectCore, key: Int) {
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
