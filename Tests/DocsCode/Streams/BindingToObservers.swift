// What BindingToObservers.md takes for granted: a view model, observers, a spinner and a thermostat.
import Streams

struct TitleViewModel: Sendable {
  var title: Observable<String> { .just("Inbox") }
}
struct Requests: Sendable {
  var isLoading: Observable<Bool> { .of(true, false) }
}
@MainActor final class Spinner {
  var isHidden = true
}
@MainActor final class Thermostat {
  var target = 20.0
}

let viewModel = TitleViewModel()
let requests = Requests()
let bag = DisposeBag()
let titleObserver = AnyObserver<String>(eventHandler: { @Sendable _ in })
let analyticsObserver = AnyObserver<String>(eventHandler: { @Sendable _ in })
let readings = Observable.of(19.5, 21.0)
@MainActor let spinner = Spinner()
@MainActor let thermostat = Thermostat()

extension Thermostat: ReactiveCompatible {}
