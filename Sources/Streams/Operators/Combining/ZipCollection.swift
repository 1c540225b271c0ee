/// `zip` over a collection of sources of one type, with RxSwift's rules for that form.
///
/// - An element that leaves some queue empty while every other source has completed completes
///   the result (no further tuple can form). A source's completion alone completes the result
///   only when it is the last source to complete; otherwise it just disposes that source.
/// - Events pass an ``ActionGate``: the state is changed under a lock, and the result's observer
///   and the disposals are called with no lock held, so a source that sends from another thread
///   while the result is unsubscribing from it cannot deadlock with it.
final class ZipCollection<Source, Element>: Producer<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  let sources: [Observable<Source>]
  let resultSelector: ([Source]) throws -> Element

  init(sources: [Observable<Source>], resultSelector: @escaping ([Source]) throws -> Element) {
    self.sources = sources
    self.resultSelector = resultSelector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = ZipCollectionSink(parent: self, observer: observer, cancel: cancel)
    return (sink, sink.run())
  }
}

final class ZipCollectionSink<Source, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): its state is a `LockedState`, its delivery an `ActionGate`.
  typealias Parent = ZipCollection<Source, Observer.Element>

  private struct State {
    var queues: [Queue<Source>]
    var isDone: [Bool]
    var sourcesWithValues = 0
    var sourcesDone = 0
    var isStopped = false
  }

  /// What to do, with no lock held, after an event changed the state.
  private enum Callout {
    case none
    case disposeSource(Int)
    case combine([Source])
    case complete
    case fail(Swift.Error)
  }

  private let parent: Parent
  private let gate = ActionGate()
  private let state: LockedState<State>
  private let subscriptions: [SingleAssignmentDisposable]

  init(parent: Parent, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    let count = parent.sources.count
    state = LockedState(
      State(queues: Array(repeating: Queue(), count: count), isDone: Array(repeating: false, count: count)))
    subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
    super.init(observer: observer, cancel: cancel)
  }

  func run() -> Disposable {
    for (index, source) in parent.sources.enumerated() {
      subscriptions[index].setDisposable(
        source.subscribe(AnyObserver { [self] event in gate.invoke { self.handle(event, from: index) } }))
    }
    if parent.sources.isEmpty { forwardOn(.completed) }
    return Disposables.create(subscriptions)
  }

  private func handle(_ event: Event<Source>, from index: Int) {
    let count = subscriptions.count
    let callout = state.withLock { state -> Callout in
      if state.isStopped || isDisposed { return .none }
      switch event {
      case .next(let element):
        state.queues[index].enqueue(element)
        if state.queues[index].count == 1 { state.sourcesWithValues += 1 }
        guard state.sourcesWithValues == count else {
          guard state.sourcesDone == count - 1 else { return .none }
          state.isStopped = true
          return .complete
        }
        state.sourcesWithValues = 0
        var arguments: [Source] = []
        arguments.reserveCapacity(count)
        for source in 0..<count {
          arguments.append(state.queues[source].dequeue())
          if !state.queues[source].isEmpty { state.sourcesWithValues += 1 }
        }
        return .combine(arguments)
      case .error(let error):
        state.isStopped = true
        return .fail(error)
      case .completed:
        if state.isDone[index] { return .none }
        state.isDone[index] = true
        state.sourcesDone += 1
        guard state.sourcesDone == count else { return .disposeSource(index) }
        state.isStopped = true
        return .complete
      }
    }
    switch callout {
    case .none: break
    case .disposeSource(let index): subscriptions[index].dispose()
    case .combine(let arguments):
      let result: Observer.Element
      do {
        result = try parent.resultSelector(arguments)
      } catch {
        if stop() { forwardErrorAndDispose(error) }
        return
      }
      forwardNext(result)
    case .complete:
      forwardOn(.completed)
      dispose()
    case .fail(let error):
      forwardErrorAndDispose(error)
    }
  }

  /// Marks the result stopped; `false` if it already was.
  private func stop() -> Bool {
    state.withLock { state in
      defer { state.isStopped = true }
      return !state.isStopped
    }
  }

  override func dispose() {
    gate.dispose()
    super.dispose()
  }
}
