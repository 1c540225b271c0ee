// A test fixture, not a product: a module built with Swift 6.2's default main-actor isolation
// (`-default-isolation MainActor`, what new app projects use), in the Swift 6 language mode.
// `IsolationProbeTests` runs one scenario per process: a chain whose background closures are
// nonisolated runs to its end ("finished"), and a main-actor closure called off the main actor
// stops the debug build.

import Dispatch
import Foundation
import Streams

/// Main-actor isolated by the module's default, as an app's types are.
final class Feed {
  var total = 0
  let bag = DisposeBag()

  /// Touches no state: nonisolated, so it may run on any thread.
  nonisolated func parse(_ raw: String) -> Int { Int(raw) ?? 0 }
}

let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)

func run(_ scenario: String) async {
  let feed = Feed()
  let ended = DispatchSemaphore(value: 0)
  switch scenario {
  case "clean-chain":
    Observable.of("1", "2", "x")
      .subscribe(on: background)
      .map(feed.parse)  // a nonisolated method: runs on the background thread, unchecked
      .map { @Sendable value in value * 10 }  // a @Sendable closure: nonisolated too
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { feed.total += $0 }, onDisposed: { ended.signal() })
      .disposed(by: feed.bag)
  case "racy-subscribe":
    Observable.just(1)
      .subscribe(on: background)
      .subscribe(onNext: { feed.total += $0 }, onDisposed: { ended.signal() })
      .disposed(by: feed.bag)
  default:
    print("unknown scenario \(scenario)")
    exit(2)
  }
  var waited = 0
  while !hasSignalled(ended), waited < 1_000 {
    waited += 1
    try? await Task.sleep(nanoseconds: 10_000_000)
  }
  print("finished, total \(feed.total)")
}

/// Whether `semaphore` was signalled, without waiting (a synchronous function: Darwin's
/// `DispatchSemaphore.wait` is unavailable from asynchronous contexts).
nonisolated func hasSignalled(_ semaphore: DispatchSemaphore) -> Bool {
  semaphore.wait(timeout: .now()) == .success
}

await run(CommandLine.arguments.dropFirst().first ?? "")
