// Disposables are Sendable: disposing from another thread or task compiles clean. A disposable
// type of your own that is not Sendable gets a warning in Swift 6 mode (`Disposable` is
// `@preconcurrency`); Swift 5 mode asks nothing, as with RxSwift.
import Dispatch
import Streams

func disposeElsewhere(_ source: Observable<Int>) async {
  let subscription = source.subscribe(onNext: { print($0) })
  DispatchQueue.global().async { subscription.dispose() }
  let serial = SerialDisposable()
  await Task.detached { serial.dispose() }.value
  let bag = DisposeBag()
  Task.detached { _ = bag }
}

final class HandMadeDisposable: Disposable {
  // expected-swift6-warning@+1 {{stored property 'disposed' of 'Sendable'-conforming class 'HandMadeDisposable' is mutable}}
  var disposed = false
  func dispose() { disposed = true }
}
