extension ConnectableObservableType {
  /// Connects when the first subscriber arrives and disconnects when the last one leaves.
  ///
  /// After the source ends, the next subscriber connects again.
  public func refCount() -> Observable<Element> {
    RefCount(source: self)
  }
}

final class RefCount<Source: ConnectableObservableType>: Observable<Source.Element>, @unchecked Sendable {
  typealias Element = Source.Element

  private let lock = Lock.make()
  private let source: Source
  private var count = 0
  private var epoch = 0  // Bumped whenever a connection ends, so a late `connect()` can tell.
  private var connection: Disposable?

  init(source: Source) {
    self.source = source
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let (myEpoch, connects) = lock.withLock { () -> (Int, Bool) in
      count += 1
      return (epoch, count == 1)
    }
    let connectingEpoch: Int? = connects ? myEpoch : nil
    let subscription = source.subscribe(
      AnonymousObserver<Element> { [weak self] event in
        if event.isStopEvent { self?.sourceEnded(epoch: myEpoch) }
        observer.on(event)
      })
    // A subscriber that ended already while subscribing (a terminated `.forever` subject replays
    // its end) must not start the source again.
    if let connectingEpoch, lock.withLock({ epoch == connectingEpoch }) {
      let connection = source.connect()
      let stale = lock.withLock { () -> Bool in
        guard epoch == connectingEpoch, count > 0 else { return true }
        self.connection = connection
        return false
      }
      if stale { connection.dispose() }
    }
    return Disposables.create(with: { [self] in
      subscription.dispose()
      release(epoch: myEpoch)
    })
  }

  private func release(epoch subscribedEpoch: Int) {
    let ended: Disposable? = lock.withLock {
      guard epoch == subscribedEpoch else { return nil }
      count -= 1
      guard count == 0 else { return nil }
      epoch &+= 1
      defer { connection = nil }
      return connection
    }
    ended?.dispose()
  }

  private func sourceEnded(epoch endedEpoch: Int) {
    let ended: Disposable? = lock.withLock {
      guard epoch == endedEpoch else { return nil }
      count = 0
      epoch &+= 1
      defer { connection = nil }
      return connection
    }
    ended?.dispose()
  }
}
