import Dispatch
import Streams
import StreamsCocoa
import StreamsTest
import Testing

/// A screen's main-actor state, which the bindings update.
@MainActor
private final class Screen {
  var title = ""
  var taps = 0
  var log: [String] = []
}

/// Binds `screen` from nonisolated code: `drive`, `emit` and `Binder` take `@MainActor` closures.
private func bind(_ screen: Screen, titles: Driver<String>, taps: Signal<Int>, names: Observable<String>)
  -> [Disposable]
{
  let setTitle: @MainActor (String) -> Void = { screen.title = $0 }
  return [
    titles.drive(onNext: setTitle, onCompleted: { screen.log.append("titles completed") }),
    titles.drive(with: screen, onNext: { screen, title in screen.log.append("with \(title)") }),
    taps.emit(onNext: { screen.taps += $0 }),
    taps.emit(with: screen, onNext: { screen, tap in screen.log.append("tap \(tap)") }),
    names.bind(to: Binder(screen) { screen, name in screen.log.append("name \(name)") }),
  ]
}

extension CocoaTests {
  @Suite("drive, emit and Binder take @MainActor closures")
  @MainActor
  struct MainActorClosureTests {
    @Test("@MainActor closures handed over from nonisolated code update main-actor state")
    func mainActorClosuresFromNonisolatedCode() async {
      let screen = Screen()
      let violations = await IsolationViolations.reported {
        mocked { scheduler in
          let taps = PublishRelay<Int>()
          let subscriptions = bind(
            screen, titles: Driver.just("Home"), taps: taps.asSignal(), names: Observable.just("Ada"))
          _ = scheduler.scheduleAt(210) { taps.accept(2) }
          _ = scheduler.scheduleAt(220) { taps.accept(3) }
          scheduler.start()
          subscriptions.forEach { $0.dispose() }
        }
      }
      #expect(violations.isEmpty)
      #expect(screen.title == "Home")
      #expect(screen.taps == 5)
      // Five subscriptions, each in its own order: what each delivered, not the interleaving.
      #expect(screen.log.sorted() == ["name Ada", "tap 2", "tap 3", "titles completed", "with Home"])
    }

    @Test("drive and emit in main-actor code: closures touch main-actor state, and the relay forms still work")
    func mainActorCaller() {
      let screen = Screen()
      let relay = BehaviorRelay(value: "")
      mocked { scheduler in
        let driver = Driver.just("Settings")
        _ = driver.drive(onNext: { screen.title = $0 })
        _ = driver.drive(relay)
        _ = Signal.just(4).emit(onNext: { screen.taps = $0 })
        scheduler.start()
      }
      #expect(screen.title == "Settings")
      #expect(relay.value == "Settings")
      #expect(screen.taps == 4)
    }
  }

  /// Off the main actor: the test blocks its own thread while the main queue delivers.
  @Suite("drive off the main thread")
  struct DriveOffMainThreadTests {
    @Test("A driver driven on a background thread replays its latest element there: reported, naming drive")
    func replayOffTheMainThreadIsReported() async {
      let driver = BehaviorRelay(value: 1).asDriver()
      let received = DispatchSemaphore(value: 0)
      let first = driver.drive(onNext: { _ in received.signal() })
      #expect(received.wait(timeout: .now() + 10) == .success)
      let violations = await IsolationViolations.reported {
        let replayed = DispatchSemaphore(value: 0)
        let second = driver.drive(onNext: { _ in replayed.signal() })
        #expect(replayed.wait(timeout: .now() + 10) == .success)
        second.dispose()
      }
      first.dispose()
      #expect(violations.map(\.operatorName) == ["drive(onNext:onCompleted:onDisposed:)"])
      #expect(violations.map(\.closureType) == ["@MainActor @Sendable (Int) -> ()"])
    }
  }
}
