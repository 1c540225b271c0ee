/// How long a ``ObservableType/share(replay:scope:)`` keeps its shared subject.
public enum SubjectLifetimeScope: Sendable {
  /// Each connection has its own subject: it is dropped when every subscriber has left or the
  /// source has ended, so the next subscriber starts a new connection with an empty buffer.
  case whileConnected
  /// One subject for ever: its replay buffer and terminal event persist across reconnects, and
  /// once the source has ended every new subscriber receives the replayed elements and the
  /// terminal event without a new subscription to the source.
  case forever
}

extension ObservableType {
  /// Shares one subscription to this sequence among all subscribers, replaying the newest
  /// `replay` elements to each new one.
  ///
  /// The source is subscribed when the first subscriber arrives and disposed when the last one
  /// leaves. `.whileConnected` is `multicast(makeSubject:).refCount()`, `.forever` is
  /// `multicast(_:).refCount()`, with a `PublishSubject` for `replay == 0` and a `ReplaySubject`
  /// otherwise.
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
    switch (scope, replay) {
    case (.whileConnected, 0):
      return multicast(makeSubject: { PublishSubject<Element>() }).refCount()
    case (.whileConnected, _):
      return multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: replay) }).refCount()
    case (.forever, 0):
      return multicast(PublishSubject()).refCount()
    case (.forever, _):
      return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
    }
  }
}
