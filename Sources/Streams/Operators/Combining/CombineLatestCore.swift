/// The shared state of one `combineLatest` subscription, whatever the number of sources.
///
/// The typed front stores each source's latest element in its own slot (the `store` closure) and
/// gives the core a `combine` closure that reads all slots. Sources may send from different
/// threads: each event is processed (stored, combined, forwarded) as one action of a
/// ``SerializedDelivery``, so events are processed one at a time, in arrival order, and no lock is
/// held while the selector or the observer runs. The state is touched only by those actions.
final class CombineLatestCore<Element>: @unchecked Sendable {
  // Unchecked: its `var`s are touched only by the actions of `actions`, which run one at a time.
  private let actions: SerializedDelivery<Void, ActionRunner<Element>>
  private let observer: AnyObserver<Element>
  private let combine: () throws -> Element
  private var hasValue: [Bool]
  private var valueCount = 0
  private var isDone: [Bool]
  private var doneCount = 0
  private var stopped = false

  init(arity: Int, observer: AnyObserver<Element>, combine: @escaping () throws -> Element) {
    self.observer = observer
    self.combine = combine
    actions = SerializedDelivery((), observer: ActionRunner(observer))
    hasValue = Array(repeating: false, count: arity)
    isDone = Array(repeating: false, count: arity)
  }

  /// Handles an event of source `index`; `store` keeps a new element in that source's slot.
  func receive<Value>(_ event: Event<Value>, from index: Int, store: @escaping (Value) -> Void) {
    actions.update { _, outbox in outbox.next { [self] in process(event, from: index, store: store) } }
  }

  /// One event, in its turn: see the type's documentation.
  private func process<Value>(_ event: Event<Value>, from index: Int, store: (Value) -> Void) {
    guard !stopped else { return }
    switch event {
    case .next(let value):
      store(value)
      if !hasValue[index] {
        hasValue[index] = true
        valueCount += 1
      }
      if valueCount == hasValue.count {
        do {
          observer.onNext(try combine())
        } catch {
          stop(.error(error))
        }
      } else if isDone.indices.allSatisfy({ $0 == index || isDone[$0] }) {
        // Every other source ended, and one of them without an element: no combination can come.
        stop(.completed)
      }
    case .error(let error):
      stop(.error(error))
    case .completed:
      guard !isDone[index] else { return }
      isDone[index] = true
      doneCount += 1
      if doneCount == isDone.count { stop(.completed) }
    }
  }

  private func stop(_ event: Event<Element>) {
    stopped = true
    observer.on(event)
  }
}
