// observe(on:) the trampoline or the immediate scheduler never changes thread, so it takes a
// non-Sendable element in Swift 6 mode (RxSwift code does this); a concurrent scheduler does not.
import Dispatch
import Streams

final class Node {  // expected-swift6-note 2 {{class 'Node' does not conform to the 'Sendable' protocol}}
  var children: [Node] = []
}

func sameThread(_ nodes: Observable<Node>) -> Disposable {
  Observable.zip(
    nodes.observe(on: CurrentThreadScheduler.instance),
    nodes.observe(on: ImmediateScheduler.instance)
  )
  .subscribe(onNext: { first, second in first.children.append(second) })
}

func crossesThreads(_ nodes: Observable<Node>, _ scheduler: ConcurrentDispatchQueueScheduler) {
  _ = nodes.observe(on: scheduler)  // expected-swift6-error {{type 'Node' does not conform to the 'Sendable' protocol}}
  // expected-swift6-error@+1 {{type 'Node' does not conform to the 'Sendable' protocol}}
  _ = nodes.debounce(.milliseconds(10), scheduler: scheduler)
}
