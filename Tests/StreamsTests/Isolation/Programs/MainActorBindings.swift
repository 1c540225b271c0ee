// Race-free: drive, emit, Binder and bind(to:) deliver on the main thread by contract, so they take
// main-actor closures, also from nonisolated code. No diagnostic in either language mode.
import Streams
import StreamsCocoa

@MainActor
final class Label {
  var text = ""
}

@MainActor
final class Screen {
  var shown: [String] = []
}

func bindAll(_ texts: Driver<String>, _ taps: Signal<Void>, label: Label, screen: Screen, bag: DisposeBag) {
  texts.drive(onNext: { screen.shown.append($0) }).disposed(by: bag)
  texts.drive(with: screen, onNext: { screen, text in screen.shown.append(text) }).disposed(by: bag)
  taps.emit(onNext: { screen.shown.removeAll() }).disposed(by: bag)
  texts.drive(Binder(label) { label, text in label.text = text }).disposed(by: bag)
  Observable.just("ready").bind(to: Binder(label) { label, text in label.text = text }).disposed(by: bag)
}

@MainActor
func bindOnMainActor(_ texts: Driver<String>, screen: Screen, bag: DisposeBag) {
  texts.map { $0.uppercased() }.drive(onNext: { screen.shown.append($0) }).disposed(by: bag)
}
