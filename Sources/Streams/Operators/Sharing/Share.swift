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
  ///
  /// - Important: When the source ends, `share()` and `share(replay: 1)` with `.whileConnected`
  ///   deliver the terminal event to the subscribers first and dispose the source subscription
  ///   after it; every other combination disposes the source subscription first, as
  ///   `refCount()` does. RxSwift 6 does the same: its dedicated classes for those two cases
  ///   differ from its `refCount()` path in exactly this order.
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
    switch (scope, replay) {
    case (.whileConnected, 0):
      return ShareWhileConnected(source: asObservable(), replaysLatest: false)
    case (.whileConnected, 1):
      return ShareWhileConnected(source: asObservable(), replaysLatest: true)
    case (.whileConnected, _):
      return multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: replay) }).refCount()
    case (.forever, 0):
      return multicast(PublishSubject()).refCount()
    case (.forever, _):
      return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
    }
  }
}
