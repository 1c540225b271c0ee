/// The operator behind `flatMap`, `flatMapLatest`, `flatMapFirst`, `concatMap`, `merge`, `concat`
/// and `switchLatest`: maps each element to an inner sequence and merges their events according
/// to a ``FlattenStrategy``.
final class Flatten<Source, Inner: ObservableConvertibleType>: Producer<Inner.Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let source: Observable<Source>
  private let selector: (Source) throws -> Inner
  private let strategy: FlattenStrategy

  init(source: Observable<Source>, strategy: FlattenStrategy, selector: @escaping (Source) throws -> Inner) {
    self.source = source
    self.strategy = strategy
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Inner.Element
  {
    let sink = FlattenSink(selector: selector, strategy: strategy, observer: observer, cancel: cancel)
    return (sink, sink.run(source))
  }
}
