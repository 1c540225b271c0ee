extension ObservableType {
  /// Mirrors whichever source sends first (an element or a terminal event) and disposes the
  /// others at that moment. An empty sequence never sends anything.
  public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    let sources = Array(sequence)
    return Observable.create { observer in
      let lock = Lock.make()
      var winner: Int?
      let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
      for (index, source) in sources.enumerated() {
        subscriptions[index].setDisposable(
          source.subscribe { event in
            let (won, losers): (Bool, [SingleAssignmentDisposable]) = lock.withLock {
              if let winner { return (winner == index, []) }
              winner = index
              return (true, subscriptions.enumerated().filter { $0.offset != index }.map(\.element))
            }
            losers.forEach { $0.dispose() }
            if won { observer.on(event) }
          })
      }
      return Disposables.create(subscriptions)
    }
  }

  /// Mirrors whichever of this sequence and `other` sends first; see `amb(_:)`.
  public func amb<Other: ObservableConvertibleType>(_ other: Other) -> Observable<Element>
  where Other.Element == Element {
    Observable.amb([asObservable(), other.asObservable()])
  }
}
