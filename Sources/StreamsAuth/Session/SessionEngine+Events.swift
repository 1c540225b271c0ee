import Foundation
import Streams

/// The session's events: sent only from jobs, so a new subscriber's snapshot and its subscription
/// see every event exactly once.
extension SessionEngine {
  /// Session events: `initialSession` first (once known), then every later event; completes at
  /// shut-down.
  var events: Observable<SessionEvent> {
    Observable.create { [weak self] observer in
      guard let self else {
        observer.onCompleted()
        return Disposables.create()
      }
      return self.subscribeEvents(observer)
    }
  }

  private func subscribeEvents(_ observer: AnyObserver<SessionEvent>) -> Disposable {
    let subscription = SingleAssignmentDisposable()
    let subject = self.subject
    perform { state in
      guard !state.isShutDown else {
        state.jobs.post(Job { observer.onCompleted() })
        return
      }
      let initial: SessionEvent? = state.machine.isRestored ? .initialSession(state.machine.credential) : nil
      // Events are only ever sent from jobs, so no event can slip between the snapshot and the
      // subscription.
      state.jobs.post(
        Job {
          guard !subscription.isDisposed else { return }
          if let initial { observer.onNext(initial) }
          subscription.setDisposable(subject.subscribe(observer))
        })
    }
    return subscription
  }
}
