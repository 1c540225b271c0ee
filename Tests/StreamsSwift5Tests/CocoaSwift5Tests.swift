import Streams
import StreamsCocoa
import Testing

// An ordinary RxSwift/RxCocoa view model, as written before Swift 6: inputs are relays, outputs
// are Drivers and Signals, the view binds with drive/emit into a dispose bag. This target compiles
// in Swift 5 language mode.

struct LoginService {
  let validPassword: String

  func login(user: String, password: String) -> Observable<Bool> {
    password == validPassword ? .just(true) : .error(LoginError.wrongPassword)
  }
}

enum LoginError: Error { case wrongPassword }

final class LoginViewModel {
  // Inputs
  let username = BehaviorRelay<String>(value: "")
  let password = BehaviorRelay<String>(value: "")
  let loginTaps = PublishRelay<Void>()

  // Outputs
  let isLoginEnabled: Driver<Bool>
  let greeting: Driver<String>
  let loginResult: Signal<Bool>

  init(service: LoginService) {
    isLoginEnabled = Driver.combineLatest(username.asDriver(), password.asDriver()) { user, password in
      !user.isEmpty && password.count >= 4
    }
    .distinctUntilChanged()

    greeting = username.asDriver()
      .map { $0.isEmpty ? "Who are you?" : "Hello, \($0)" }

    let credentials = Driver.combineLatest(username.asDriver(), password.asDriver())
    loginResult = loginTaps.asSignal()
      .withLatestFrom(credentials)
      .flatMapLatest { user, password in
        service.login(user: user, password: password).asSignal(onErrorJustReturn: false)
      }
  }
}

// A "view" with plain properties standing in for labels and buttons.
final class LoginView {
  var buttonEnabled = false
  var greetingText = ""
  var results: [Bool] = []
  let disposeBag = DisposeBag()

  func bind(_ viewModel: LoginViewModel) {
    viewModel.isLoginEnabled
      .drive(onNext: { [weak self] in self?.buttonEnabled = $0 })
      .disposed(by: disposeBag)
    viewModel.greeting
      .drive(with: self, onNext: { view, text in view.greetingText = text })
      .disposed(by: disposeBag)
    viewModel.loginResult
      .emit(onNext: { [weak self] in self?.results.append($0) })
      .disposed(by: disposeBag)
  }
}

@Test("Swift 5 mode: a view model's Drivers and Signals update a view synchronously on the main thread")
@MainActor
func cocoaViewModelOnMainThread() {
  let viewModel = LoginViewModel(service: LoginService(validPassword: "secret"))
  let view = LoginView()
  view.bind(viewModel)
  #expect(!view.buttonEnabled)
  #expect(view.greetingText == "Who are you?")

  viewModel.username.accept("ada")
  viewModel.password.accept("wrong")
  #expect(view.buttonEnabled)
  #expect(view.greetingText == "Hello, ada")

  viewModel.loginTaps.accept(())
  viewModel.password.accept("secret")
  viewModel.loginTaps.accept(())
  #expect(view.results == [false, true])

  // A Driver replays its latest value to a late subscriber; a Signal replays nothing.
  var replayed: [String] = []
  var signalled: [Bool] = []
  _ = viewModel.greeting.drive(onNext: { replayed.append($0) })
  _ = viewModel.loginResult.emit(onNext: { signalled.append($0) })
  #expect(replayed == ["Hello, ada"])
  #expect(signalled.isEmpty)
}

// Swift 5 mode accepts elements that are not Sendable, as RxCocoa does.
final class ProfileModel {
  var name: String
  init(name: String) { self.name = name }
}

@Test("Swift 5 mode: a Driver of a non-Sendable class")
@MainActor
func cocoaNonSendableElement() {
  let profiles = BehaviorSubject(value: ProfileModel(name: "ada"))
  var names: [String] = []
  let subscription = profiles.asDriver(onErrorJustReturn: ProfileModel(name: "?"))
    .map { $0.name.uppercased() }
    .drive(onNext: { names.append($0) })
  profiles.onNext(ProfileModel(name: "grace"))
  subscription.dispose()
  #expect(names == ["ADA", "GRACE"])
}

// A ControlEvent and a ControlProperty built by hand (as a delegate proxy would), bound with the
// nested DisposeBag.DisposableBuilder into a ReplayRelay.createUnbound.
final class SearchField {
  let text = BehaviorRelay<String?>(value: nil)
  let returnKey = PublishRelay<Void>()

  var rxText: ControlProperty<String?> {
    ControlProperty(values: text, valueSink: Binder(self) { field, value in field.text.accept(value) })
  }

  var rxReturnKey: ControlEvent<Void> { ControlEvent(events: returnKey) }
}

@DisposeBag.DisposableBuilder
func searches(from field: SearchField, into history: ReplayRelay<String>) -> [Disposable] {
  field.rxReturnKey
    .withLatestFrom(field.rxText.orEmpty)
    .bind(to: history)
}

@Test @MainActor func controlPropertyAndEvent() {
  let field = SearchField()
  let history = ReplayRelay<String>.createUnbound()
  var queries: [String] = []
  let bag = DisposeBag()
  bag.insert(searches(from: field, into: history))
  bag.insert(history.subscribe(onNext: { queries.append($0) }))
  _ = bag
  field.rxText.onNext("swift")
  field.returnKey.accept(())
  field.rxText.onNext(nil)
  field.returnKey.accept(())
  #expect(field.text.value == nil)
  #expect(queries == ["swift", ""])
}
