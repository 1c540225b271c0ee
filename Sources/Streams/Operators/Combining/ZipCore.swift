/// The shared state of one typed `zip` subscription (2, 3 or a pack of sources).
///
/// The typed front keeps a queue per source; the core counts queued elements and asks the front
/// to `combine` (dequeue one from each queue) when every queue has one. As in RxSwift's typed
/// `zip`, the result completes only when every source has completed, and the first error ends it.
///
/// Exception to "no lock while calling out": delivery is serialized under a recursive lock, as in
/// RxSwift's typed `zip`, so that an event a source sends re-entrantly from inside the result's
/// observer is handled at once, in RxSwift's order. The collection form (``ZipCollection``)
/// holds no lock while calling out.
final class ZipCore<Element>: @unchecked Sendable {
  // Unchecked: its `var`s are read and written only under `lock` (recursive, held while delivering: see the type).
  private let lock = RecursiveLock.make()
  private let observer: AnyObserver<Element>
  private let combine: () throws -> Element
  private var queued: [Int]
  private var isDone: [Bool]
  private var stopped = false

  init(arity: Int, observer: AnyObserver<Element>, combine: @escaping () throws -> Element) {
    self.observer = observer
    self.combine = combine
    queued = Array(repeating: 0, count: arity)
    isDone = Array(repeating: false, count: arity)
  }

  /// Handles an event of source `index`; `enqueue` appends a new element to that source's queue.
  ///
  /// The terminal event is decided under the lock, which marks the result stopped, and sent after
  /// unlocking: the observer then disposes the sources, and no dispose runs under the lock. As
  /// nothing is delivered once stopped, it is still the last event.
  func receive<Value>(_ event: Event<Value>, from index: Int, enqueue: (Value) -> Void) {
    lock.lock()
    guard !stopped else {
      lock.unlock()
      return
    }
    let end: Event<Element>?
    switch event {
    case .next(let value):
      enqueue(value)
      queued[index] += 1
      end = combineIfEveryQueueHasOne()
    case .error(let error):
      end = .error(error)
    case .completed:
      isDone[index] = true
      end = isDone.allSatisfy { $0 } ? .completed : nil
    }
    if end != nil { stopped = true }
    lock.unlock()
    if let end { observer.on(end) }
  }

  /// Under the lock: when every queue has an element, sends their combination; the error the
  /// combination threw, if it did.
  private func combineIfEveryQueueHasOne() -> Event<Element>? {
    guard queued.allSatisfy({ $0 > 0 }) else { return nil }
    for source in queued.indices { queued[source] -= 1 }
    do {
      observer.onNext(try combine())
      return nil
    } catch {
      return .error(error)
    }
  }
}
