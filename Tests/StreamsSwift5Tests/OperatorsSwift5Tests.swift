import Foundation
import Streams
import StreamsTest
import Testing

// RxSwift-style code using the operators, binders and hooks as an RxSwift 6 app writes them
// (RxObservable and RxAbstractInteger included, delay on a global concurrent queue), compiled in
// Swift 5 language mode.
final class ProfileViewModel: ReactiveCompatible {
  var title: String? = nil
  let names = PublishRelay<String>()
  let disposeBag = DisposeBag()
}

extension Reactive where Base: ProfileViewModel {
  var title: Binder<String?> {
    Binder(base, scheduler: CurrentThreadScheduler.instance) { viewModel, title in viewModel.title = title }
  }
}

@Suite("Operators in Swift 5 mode")
struct OperatorsSwift5Tests {
  @Test("groupBy, single, ifEmpty, withUnretained and first read as in RxSwift")
  func operators() {
    let scheduler = TestScheduler(initialClock: 0)
    let words = scheduler.createHotObservable([
      .next(210, "apple"), .next(220, "avocado"), .next(230, "banana"), .completed(240),
    ])
    let counts = scheduler.start {
      words.groupBy(keySelector: { $0.first! })
        .flatMap { group in group.toArray().asObservable().map { "\(group.key):\($0.count)" } }
    }
    XCTAssertEqualEvents(counts.events, [.next(240, "a:2"), .next(240, "b:1"), .completed(240)])

    var results: [String] = []
    _ = Observable.of(1).single().subscribe(onNext: { results.append("single \($0)") })
    _ = Observable<Int>.empty().ifEmpty(default: 0).subscribe(onNext: { results.append("default \($0)") })
    _ = Observable<Int>.empty().ifEmpty(switchTo: .just(5)).subscribe(onNext: { results.append("switched \($0)") })
    let viewModel = ProfileViewModel()
    _ = Observable.of(2).withUnretained(viewModel).subscribe(onNext: { owner, value in
      results.append("unretained \(owner === viewModel) \(value)")
    })
    _ = Observable<Int>.empty().first().subscribe(onSuccess: { results.append("first \(String(describing: $0))") })
    #expect(results == ["single 1", "default 0", "switched 5", "unretained true 2", "first nil"])
  }

  @Test("bind(to:) a relay and a Reactive binder; RxError and Hooks.defaultErrorHandler")
  func bindingAndHooks() {
    let viewModel = ProfileViewModel()
    viewModel.names.map { "Hello, \($0)" }.bind(to: viewModel.rx.title).disposed(by: viewModel.disposeBag)
    Observable.of("Ada").bind(to: viewModel.names).disposed(by: viewModel.disposeBag)
    #expect(viewModel.title == "Hello, Ada")

    var failures: [RxError] = []
    _ = Observable.of(1, 2).single().subscribe(onError: { failures.append($0 as! RxError) })
    #expect(failures == [RxError.moreThanOneElement])

    let decoded = try? Observable.just(Data(#"[1,2]"#.utf8)).decode(type: [Int].self, decoder: JSONDecoder())
      .toArray().asObservable().toBlockingFirst()
    #expect(decoded == [[1, 2]])
  }

  @MainActor @Test func integerAliases() {
    func countdown<I: RxAbstractInteger>(from start: I) -> RxObservable<I> {
      Observable.range(start: 0, count: start).map { start - $0 }
    }
    var values: [Int8] = []
    _ = countdown(from: Int8(3)).subscribe(onNext: { values.append($0) })
    #expect(values == [3, 2, 1])
  }

  @Test func delayKeepsOrderOnAConcurrentQueue() {
    let subject = PublishSubject<Int>()
    let done = DispatchSemaphore(value: 0)
    var received: [Int] = []
    let disposeBag = DisposeBag()
    subject
      .delay(.milliseconds(1), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
      .subscribe(onNext: { received.append($0) }, onCompleted: { done.signal() })
      .disposed(by: disposeBag)
    for value in 1...3 { subject.onNext(value) }
    subject.onCompleted()
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received == [1, 2, 3])
  }
}

private func XCTAssertEqualEvents(_ actual: [Recorded<Event<String>>], _ expected: [Recorded<Event<String>>]) {
  #expect(actual == expected)
}

extension ObservableType {
  fileprivate func toBlockingFirst() throws -> Element? {
    var result: Element?
    var failure: Error?
    _ = subscribe(onNext: { result = $0 }, onError: { failure = $0 })
    if let failure { throw failure }
    return result
  }
}
