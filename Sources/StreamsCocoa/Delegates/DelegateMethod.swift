import Streams

/// The calls of one delegate method a proxy implements, as elements: RxCocoa's `methodInvoked`
/// for one method, without the Objective-C runtime.
///
/// The proxy's implementation of the method calls ``send(_:)`` (after forwarding the call, as
/// `methodInvoked` does). ``events`` subscribes on the main thread and completes when the method's
/// owner, the proxy, is deallocated, which happens with the proxy's parent. A method whose
/// presence changes UIKit's behaviour is made with `answeringOnlyWhileObserved`: the proxy answers
/// for it only while ``events`` has a subscriber.
@MainActor
package final class DelegateMethod<Arguments> {
  private let subject = PublishSubject<Arguments>()
  private let name: String?
  private weak var proxy: ObservedMethodCounting?

  /// A method the proxy always answers for.
  package nonisolated init() {
    name = nil
  }

  /// The method `name` (its Objective-C selector) of `proxy`, answered only while observed.
  package init<P, D>(answeringOnlyWhileObserved name: String, of proxy: DelegateProxy<P, D>) {
    self.name = name
    self.proxy = proxy
    proxy.answersOnlyWhileObserved(name)
  }

  /// Sends one call's arguments to the subscribers, on the thread of the call (a delegate that
  /// UIKit may call off the main thread, such as a text storage's, sends from there).
  package nonisolated func send(_ arguments: Arguments) {
    subject.on(.next(arguments))
  }

  /// Each call's arguments, from the subscription on (on the main thread); completes when the
  /// proxy is deallocated.
  package var events: Observable<Arguments> {
    let subject = self.subject
    return Observable.create { [weak self] observer in
      MainActorDelivery.run("DelegateMethod") {
        let subscription = subject.subscribe(observer)
        guard let self, let name = self.name, let proxy = self.proxy else { return subscription }
        proxy.observerCount(of: name, changedBy: 1)
        return Disposables.create { [weak proxy] in
          subscription.dispose()
          MainActorDelivery.runNowOrEnqueue("DelegateProxy") {
            proxy?.observerCount(of: name, changedBy: -1)
          }
        }
      }
    }
    .subscribe(on: ConcurrentMainScheduler.instance)
  }

  /// Calls `handler` on each call, until disposed: what a ``ControlProperty`` of the proxy's
  /// parent listens to (``ControlSource``).
  package func listen(_ handler: @escaping @MainActor () -> Void) -> Disposable {
    subject.subscribe(onNext: { _ in MainActorDelivery.run("DelegateMethod", handler) })
  }

  deinit {
    subject.on(.completed)
  }
}

/// What a ``DelegateMethod`` answered only while observed tells its proxy.
@MainActor
package protocol ObservedMethodCounting: AnyObject {
  /// Counts an observer of the method `name` in (+1) or out (-1).
  func observerCount(of name: String, changedBy change: Int)
}

extension DelegateProxy: ObservedMethodCounting {}
