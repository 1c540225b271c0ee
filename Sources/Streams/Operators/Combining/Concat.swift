extension ObservableType {
  /// Runs this sequence, then `second` once it completed.
  public func concat<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Element>
  where Second.Element == Element {
    Observable.concat([asObservable(), second.asObservable()])
  }

  /// Runs the sources of `sequence` one after another: each is taken from the sequence and
  /// subscribed, synchronously, when the previous one completed; the first error ends the result.
  ///
  /// The sequence is read lazily, one source at a time, so it may build each source on demand.
  /// Sources that complete synchronously do not deepen the stack; as in RxSwift, the first source
  /// is subscribed inside the subscribe call.
  ///
  /// ```
  /// --1--2|
  ///        --3--|   concat
  /// --1--2---3--|
  /// ```
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    Concat(sequence)
  }

  /// Runs the sources of `collection` one after another; see `concat(_:)`.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
  where Collection.Element == Observable<Element> {
    Concat(collection)
  }

  /// Runs the given sources one after another; see `concat(_:)`.
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    Concat(sources)
  }

}

/// `concat` over a sequence of sources, pulled one at a time.
final class Concat<Sources: Sequence, Element>: Producer<Element>, @unchecked Sendable
where Sources.Element == Observable<Element> {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let sources: Sources

  init(_ sources: Sources) {
    self.sources = sources
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = ConcatSink<Sources, Observer>(sources.makeIterator(), observer: observer, cancel: cancel)
    sink.subscribeNext()
    return (sink, sink.current)
  }
}

/// Subscribes each source when the previous completed. A source that completes inside its own
/// subscribe only raises `pendingMoves`; the loop already running in `subscribeNext` takes the
/// next source, so a long run of synchronous sources is a loop, not a recursion.
final class ConcatSink<Sources: Sequence, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Sources.Element == Observable<Observer.Element> {
  // Unchecked: Sink family (see `Sink`): `pendingMoves` is under `lock`; `iterator` is read by the loop owner only.
  let current = SerialDisposable()
  private let lock = Lock.make()
  private var iterator: Sources.Iterator  // Read only by the loop owner (pendingMoves went 0 → 1).
  private var pendingMoves = 0

  init(_ iterator: Sources.Iterator, observer: Observer, cancel: Cancelable) {
    self.iterator = iterator
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .error(let error): forwardErrorAndDispose(error)
    case .completed: subscribeNext()
    }
  }

  func subscribeNext() {
    guard
      lock.withLock({
        pendingMoves += 1; return pendingMoves == 1
      })
    else { return }
    repeat {
      if isDisposed { return }
      guard let next = iterator.next() else {
        forwardOn(.completed)
        dispose()
        return
      }
      current.replace { next.subscribe(self) }
    } while lock.withLock({
      pendingMoves -= 1; return pendingMoves > 0
    })
  }
}
