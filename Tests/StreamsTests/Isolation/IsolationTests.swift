import Dispatch
import Foundation
import Streams
import Testing

/// A main-actor view model, as an app writes it: its state is only touched on the main actor.
@MainActor
private final class ViewModel {
  var count = 0
  let bag = DisposeBag()
}

private let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)

@Suite("Isolation: a closure runs in the isolation it was formed in, or the call is reported", .serialized)
struct IsolationTests {
  // MARK: - The races are caught

  @MainActor
  @Test("map's main-actor closure, called on a background scheduler after observe(on:), is reported with its type")
  func mapAfterObserveOnBackground() async {
    let violations = await reportedAfterObserveOnBackground { source, model in
      source.map { value -> Int in
        model.count += value
        return value
      }
    }
    #expect(violations.count == 2)
    #expect(violations.first?.operatorName == "map")
    #expect(violations.first?.isolation == "MainActor")
    #expect(violations.first?.closureType == "(Int) throws -> Int")
    #expect(
      violations.first?.description.contains("map's closure (Int) throws -> Int is isolated to MainActor") == true)
  }

  @MainActor
  @Test("compactMap's main-actor closure, called on a background scheduler, is reported with its type")
  func compactMapAfterObserveOnBackground() async {
    let violations = await reportedAfterObserveOnBackground { source, model in
      source.compactMap { value -> Int? in
        model.count += value
        return value
      }
    }
    #expect(violations.count == 2)
    #expect(violations.first?.operatorName == "compactMap")
    #expect(violations.first?.closureType == "(Int) throws -> Optional<Int>")
  }

  /// Applies `apply` (an operator whose closure is formed on the main actor and touches `model`) to
  /// two elements sent on a background scheduler, and returns what the isolation check reported.
  @MainActor
  private func reportedAfterObserveOnBackground(
    _ apply: (Observable<Int>, ViewModel) -> Observable<Int>
  ) async -> [IsolationViolation] {
    let model = ViewModel()
    let ended = Gate()
    return await IsolationViolations.reported {
      apply(Observable.of(1, 2).observe(on: background), model)
        .subscribe(onDisposed: { @Sendable in ended.open() })
        .disposed(by: model.bag)
      #expect(await ended.wait(seconds: 10))
    }
  }

  @MainActor
  @Test("subscribe(onNext:)'s main-actor closure after subscribe(on:) a background scheduler is reported")
  func subscribeAfterSubscribeOnBackground() async {
    let model = ViewModel()
    let ended = Gate()
    let violations = await IsolationViolations.reported {
      Observable.just(5)
        .subscribe(on: background)
        .subscribe(onNext: { model.count += $0 }, onDisposed: { ended.open() })
        .disposed(by: model.bag)
      #expect(await ended.wait(seconds: 10))
    }
    #expect(violations.map(\.operatorName).first == "subscribe(onNext:onError:onCompleted:onDisposed:)")
    // onNext and onDisposed both ran off the main thread.
    #expect(violations.count == 2)
  }

  @MainActor
  @Test("flatMap's main-actor closure on a background thread is reported; so is its inner sequence's map")
  func flatMapInnerClosure() async {
    let model = ViewModel()
    let ended = Gate()
    let violations = await IsolationViolations.reported {
      Observable.just(1)
        .observe(on: background)
        .flatMap { value in
          model.count += value
          return Observable.just(value).map { $0 * 2 }
        }
        .subscribe(onDisposed: { @Sendable in ended.open() })
        .disposed(by: model.bag)
      #expect(await ended.wait(seconds: 10))
    }
    #expect(violations.map(\.operatorName) == ["flatMap", "map"])
  }

  @MainActor
  @Test("a time operator's scheduler runs the next closure off the main actor: reported")
  func timeOperator() async {
    let model = ViewModel()
    let ended = Gate()
    let violations = await IsolationViolations.reported {
      Observable<Int>.timer(.milliseconds(1), scheduler: background)
        .filter { _ in
          model.count += 1
          return true
        }
        .subscribe(onDisposed: { @Sendable in ended.open() })
        .disposed(by: model.bag)
      #expect(await ended.wait(seconds: 10))
    }
    #expect(violations.map(\.operatorName) == ["filter"])
  }

  @MainActor
  @Test("every shape of closure is checked: do, scan, distinctUntilChanged, catch, combineLatest, zip, create")
  func everyShape() async {
    let model = ViewModel()
    let ended = Gate()
    let violations = await IsolationViolations.reported {
      let source = Observable.of(1, 2).observe(on: background)
      Observable.zip(
        source.do(onNext: { _ in model.count += 1 }),
        source.scan(0) { $0 + $1 }.distinctUntilChanged { $0 == $1 },
        Observable<Int>.create { observer in
          // A constant, not `model.count`: the `do` closure above writes it on another background
          // thread, a real data race that ThreadSanitizer reports (CI, 2026-11-27). The report
          // under test comes from where the closure was formed, not from what it touches.
          observer.onNext(1)
          observer.onCompleted()
          return Disposables.create()
        }.subscribe(on: background)
      ) { a, b, c in a + b + c }
      .concat(Observable<Int>.error(TestError()).subscribe(on: background).catch { _ in .empty() })
      .subscribe(onDisposed: { @Sendable in ended.open() })
      .disposed(by: model.bag)
      #expect(await ended.wait(seconds: 10))
    }
    let names = Set(violations.map(\.operatorName))
    #expect(names.isSuperset(of: ["do", "scan", "distinctUntilChanged", "create", "zip", "catch"]))
  }

  // MARK: - Race-free code runs without a report

  @MainActor
  @Test("a main-actor type feeding its own subject on the main actor: every closure runs, nothing is reported")
  func mainActorModelOnItsOwnSubject() async {
    let model = ViewModel()
    let input = PublishSubject<Int>()
    let violations = await IsolationViolations.reported {
      input
        .map { $0 * 2 }
        .filter { $0 > 0 }
        .do(onNext: { model.count += $0 })
        .subscribe(onNext: { model.count += $0 })
        .disposed(by: model.bag)
      input.onNext(1)
      input.onNext(2)
    }
    #expect(violations.isEmpty)
    #expect(model.count == 12)
  }

  @MainActor
  @Test("observe(on: MainScheduler.instance) brings events back: main-actor closures after it are not reported")
  func observeOnMainScheduler() async {
    let model = ViewModel()
    let ended = Gate()
    let violations = await IsolationViolations.reported {
      Observable.of(1, 2, 3)
        .subscribe(on: background)
        .map { $0 * 10 }  // formed on the main actor but runs on the background thread: reported
        .observe(on: MainScheduler.instance)
        .map { value -> Int in
          model.count += value
          return value
        }
        .subscribe(onDisposed: { ended.open() })
        .disposed(by: model.bag)
      #expect(await ended.wait(seconds: 10))
    }
    #expect(violations.map(\.operatorName) == ["map", "map", "map"])
    #expect(violations.allSatisfy { $0.closureType == "(Int) throws -> Int" })
    #expect(model.count == 60)
  }

  @Test("a closure formed outside any actor runs on any thread and is not checked")
  func nonisolatedClosures() async {
    let ended = Gate()
    let sum = Locked(0)
    let violations = await IsolationViolations.reported {
      _ = Observable.of(1, 2)
        .observe(on: background)
        .map { $0 + 1 }
        .subscribe(onNext: { value in sum.withLock { $0 += value } }, onDisposed: { ended.open() })
      #expect(await ended.wait(seconds: 10))
    }
    #expect(violations.isEmpty)
    #expect(sum.value == 5)
  }

  @MainActor
  @Test("a @Sendable closure formed on the main actor is nonisolated: it runs on any thread, unchecked")
  func sendableClosureIsNotChecked() async {
    let ended = Gate()
    let violations = await IsolationViolations.reported {
      _ = Observable.of(1, 2)
        .observe(on: background)
        .map({ @Sendable in $0 + 1 })
        .subscribe(onDisposed: { @Sendable in ended.open() })
      #expect(await ended.wait(seconds: 10))
    }
    #expect(violations.isEmpty)
  }

  // MARK: - What the compiler now accepts

  @Test("observe(on:) the trampoline or the immediate scheduler takes a non-Sendable element")
  func nonSendableElementOnSameThreadSchedulers() {
    final class Box { var value: Int; init(_ value: Int) { self.value = value } }
    var seen: [Int] = []
    _ = Observable.of(Box(1), Box(2))
      .observe(on: CurrentThreadScheduler.instance)
      .observe(on: ImmediateScheduler.instance)
      .subscribe(onNext: { seen.append($0.value) })
    #expect(seen == [1, 2])
  }

  @Test("a Disposable is Sendable: disposed from another task")
  func disposableIsSendable() async {
    let disposed = Gate()
    let subscription: Disposable = Observable<Int>.never().subscribe(onDisposed: { disposed.open() })
    await Task.detached { subscription.dispose() }.value
    #expect(await disposed.wait(seconds: 10))
  }
}
