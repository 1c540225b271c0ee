extension ConnectableObservableType {
  /// Connects when the first subscriber arrives and disconnects when the last one leaves.
  ///
  /// Each subscriber first subscribes to the connectable sequence, then (if it is the first)
  /// connects. A subscriber that ends while subscribing (a terminated subject replays its end)
  /// does not connect. When the source ends, the connection is disposed before the terminal event
  /// is delivered, so a subscriber that arrives afterwards, even from inside that delivery, starts
  /// a new connection.
  public func refCount() -> Observable<Element> {
    RefCount(source: self)
  }
}

final class RefCount<Source: ConnectableObservableType>: Producer<Source.Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): `source` is a `let`, the rest is in a `LockedState`.
  struct State {
    var count = 0
    /// Bumped when the source ends, so subscribers of an ended connection leave the new one alone.
    var connectionID = 0
    var connection: SingleAssignmentDisposable?
  }

  let source: Source
  let state = LockedState(State())

  init(source: Source) {
    self.source = source
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
    return (sink, sink.run())
  }
}

final class RefCountSink<Source: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Source.Element == Observer.Element {
  // Unchecked: Sink family (see `Sink`): `connectionID` is written under the parent's lock (see the field).
  private let parent: RefCount<Source>
  // Written under the parent's lock once subscribed; -1 until then, which matches no connection.
  private var connectionID = -1

  init(parent: RefCount<Source>, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func run() -> Disposable {
    let subscription = parent.source.subscribe(self)
    // Ended while subscribing: nil. First subscriber: the connection to make.
    let joined = parent.state.withLock { state -> SingleAssignmentDisposable?? in
      connectionID = state.connectionID
      if isDisposed { return nil }
      state.count += 1
      guard state.count == 1 else { return .some(nil) }
      let connection = SingleAssignmentDisposable()
      state.connection = connection
      return connection
    }
    guard let toConnect = joined else { return Disposables.create() }
    toConnect?.setDisposable(parent.source.connect())
    return Disposables.create { [self] in
      subscription.dispose()
      release()
    }
  }

  private func release() {
    let ended = parent.state.withLock { state -> Disposable? in
      guard state.connectionID == connectionID, state.count > 0 else { return nil }
      state.count -= 1
      guard state.count == 0 else { return nil }
      defer { state.connection = nil }
      return state.connection
    }
    ended?.dispose()
  }

  func onNext(_ element: Observer.Element) {
    forwardNext(element)
  }

  func on(_ event: Event<Observer.Element>) {
    guard event.isStopEvent else {
      forwardOn(event)
      return
    }
    let ended = parent.state.withLock { state -> Disposable? in
      guard state.connectionID == connectionID else { return nil }
      state.count = 0
      state.connectionID &+= 1
      defer { state.connection = nil }
      return state.connection
    }
    ended?.dispose()
    forwardOn(event)
    dispose()
  }
}
