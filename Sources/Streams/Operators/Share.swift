/// How long a ``ObservableType/share(replay:scope:)`` keeps its shared state.
public enum SubjectLifetimeScope: Sendable {
  /// The shared subject lives while at least one subscriber is connected; a new connection
  /// (after every subscriber left, or after the source ended) starts with an empty buffer.
  case whileConnected
  /// One subject for ever: its replay buffer and terminal event persist across reconnects.
  case forever
}

extension ObservableType {
  /// Shares one subscription to this sequence among all subscribers, replaying the newest
  /// `replay` elements to each new one.
  ///
  /// The source is subscribed when the first subscriber arrives and disposed when the last one
  /// leaves. With ``SubjectLifetimeScope/whileConnected`` (the default) each connection starts
  /// afresh; with ``SubjectLifetimeScope/forever`` the buffer survives reconnects.
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
