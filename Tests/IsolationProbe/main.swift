// A test fixture, not a product: runs the scenario its argument names, in the Swift 6 language
// mode, so that `IsolationProbeTests` can check that a debug build stops at a race (the default
// `Hooks.isolationViolation`) and runs race-free code to the end. Prints "finished" when the
// scenario ran to its end.

import Dispatch
import Foundation
import Streams

@MainActor
final class ViewModel {
  var count = 0
  let bag = DisposeBag()

  /// Touches no state: nonisolated, so it may run on any thread.
  nonisolated func scaled(_ value: Int) -> Int { value * 10 }
}

actor Counter {
  var count = 0
  let bag = DisposeBag()

  /// A closure formed on this actor, called on a background thread.
  func bind(_ source: Observable<Int>) {
    source
      .observe(on: ConcurrentDispatchQueueScheduler(qos: .background))
      .map { value -> Int in
        self.count += value
        return value
      }
      .subscribe()
      .disposed(by: bag)
  }
}

let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)

@MainActor
func run(_ scenario: String) async {
  let model = ViewModel()
  let ended = DispatchSemaphore(value: 0)
  switch scenario {
  case "map-after-observe-on":
    Observable.of(1, 2)
      .observe(on: background)
      .map { value -> Int in
        model.count += value
        return value
      }
      .subscribe(onDisposed: { @Sendable in ended.signal() })
      .disposed(by: model.bag)
  case "subscribe-after-subscribe-on":
    Observable.just(1)
      .subscribe(on: background)
      .subscribe(onNext: { model.count += $0 }, onDisposed: { ended.signal() })
      .disposed(by: model.bag)
  case "flat-map-inner":
    Observable.just(1)
      .observe(on: background)
      .flatMap { value -> Observable<Int> in
        model.count += value
        return .just(value)
      }
      .subscribe(onDisposed: { @Sendable in ended.signal() })
      .disposed(by: model.bag)
  case "time-operator":
    Observable<Int>.timer(.milliseconds(1), scheduler: background)
      .filter { _ in
        model.count += 1
        return true
      }
      .subscribe(onDisposed: { @Sendable in ended.signal() })
      .disposed(by: model.bag)
  case "actor":
    await Counter().bind(.just(1))
    try? await Task.sleep(nanoseconds: 2_000_000_000)
    ended.signal()
  case "sendable-closure-after-hop":
    Observable.of(1, 2)
      .subscribe(on: background)
      .map { @Sendable value in value * 10 }  // nonisolated: runs on the background thread, unchecked
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { model.count += $0 }, onDisposed: { ended.signal() })
      .disposed(by: model.bag)
  case "nonisolated-function-after-hop":
    Observable.of(1, 2)
      .subscribe(on: background)
      .map(model.scaled)  // a nonisolated method of a main-actor type: unchecked
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { model.count += $0 }, onDisposed: { ended.signal() })
      .disposed(by: model.bag)
  case "race-free":
    let input = PublishSubject<Int>()
    input.map { $0 * 2 }.subscribe(onNext: { model.count += $0 }).disposed(by: model.bag)
    input.onNext(1)
    Observable.of(1, 2)
      .subscribe(on: background)
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { model.count += $0 }, onDisposed: { ended.signal() })
      .disposed(by: model.bag)
  default:
    print("unknown scenario \(scenario)")
    exit(2)
  }
  var waited = 0
  while !hasSignalled(ended), waited < 1_000 {
    waited += 1
    try? await Task.sleep(nanoseconds: 10_000_000)
  }
  print("finished, count \(model.count)")
}

/// Whether `semaphore` was signalled, without waiting (a synchronous function: Darwin's
/// `DispatchSemaphore.wait` is unavailable from asynchronous contexts).
func hasSignalled(_ semaphore: DispatchSemaphore) -> Bool {
  semaphore.wait(timeout: .now()) == .success
}

await run(CommandLine.arguments.dropFirst().first ?? "")
