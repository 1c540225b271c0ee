// Race-free: the binding types are fed from any thread and deliver where their contract says, so
// they are Sendable: a Binder, a control's event and property, a Driver or Signal, a relay or a
// subject captured in a @Sendable closure (a task, a callback of another thread) compiles clean in
// both language modes.
import Dispatch
import Streams
import StreamsCocoa

@MainActor
final class Badge {
  var count = 0
}

func feedFromAnotherThread(
  badge: Badge, event: ControlEvent<Void>, property: ControlProperty<String>, driver: Driver<Int>,
  signal: Signal<Void>, relay: PublishRelay<Int>, state: BehaviorRelay<Int>, subject: PublishSubject<Int>
) {
  let binder = Binder(badge) { badge, count in badge.count = count }
  DispatchQueue.global().async { @Sendable in
    binder.onNext(3)
    property.onNext("typed elsewhere")
    _ = event.subscribe()
    _ = driver.drive(binder)
    _ = signal.emit()
    relay.accept(1)
    state.accept(2)
    subject.onNext(3)
  }
  Task.detached {
    binder.onNext(4)
  }
}
