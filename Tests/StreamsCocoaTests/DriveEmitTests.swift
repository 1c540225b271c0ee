import Streams
import StreamsCocoa
import StreamsTest
import Testing

private final class Owner {}

/// A binder in RxSwift's curried shape, for `drive(_:curriedArgument:)`.
private func record(_ source: Observable<Int>) -> (TestableObserver<Int>) -> Disposable {
  { observer in source.subscribe(observer) }
}

extension CocoaTests {
  @Suite("drive and emit")
  @MainActor
  struct DriveEmitTests {
    // MARK: drive

    @Test("drive sends every event to each observer, plain or optional")
    func driveObservers() {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      let optional = scheduler.createObserver(Int?.self)
      SharingScheduler.mock(scheduler: scheduler) {
        let driver = Driver.just(1)
        _ = scheduler.scheduleAt(200) {
          _ = driver.drive(first, second)
          _ = driver.drive(optional)
        }
        scheduler.start()
      }
      #expect(first.events == [.next(201, 1), .completed(201)])
      #expect(second.events == first.events)
      #expect(optional.events == [.next(201, 1), .completed(201)])
    }

    @Test("drive accepts BehaviorRelays and ReplayRelays, plain or optional")
    func driveRelays() {
      let behavior = (BehaviorRelay(value: 0), BehaviorRelay(value: 0))
      let optionalBehavior = BehaviorRelay<Int?>(value: nil)
      let replay = ReplayRelay<Int>.create(bufferSize: 2)
      let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 2)
      let replayed = Log()
      SharingScheduler.mock(scheduler: TestScheduler(initialClock: 0)) {
        let scheduler = SharingScheduler.make() as! TestScheduler
        _ = scheduler.scheduleAt(200) {
          let driver = Driver.just(1)
          _ = driver.drive(behavior.0, behavior.1)
          _ = driver.drive(optionalBehavior)
          _ = driver.drive(replay)
          _ = driver.drive(optionalReplay)
        }
        scheduler.start()
      }
      _ = replay.subscribe(onNext: { replayed("\($0)") })
      _ = optionalReplay.subscribe(onNext: { replayed("\(String(describing: $0))") })
      #expect(behavior.0.value == 1 && behavior.1.value == 1)
      #expect(optionalBehavior.value == 1)
      #expect(replayed.entries == ["1", "Optional(1)"])
    }

    @Test("drive with a transformation or a curried binder hands over the driver as an observable")
    func driveTransformations() {
      let scheduler = TestScheduler(initialClock: 0)
      let transformed = scheduler.createObserver(Int.self)
      let curried = scheduler.createObserver(Int.self)
      SharingScheduler.mock(scheduler: scheduler) {
        let driver = Driver.just(1)
        _ = scheduler.scheduleAt(200) {
          let result: Disposable = driver.drive { $0.subscribe(transformed) }
          _ = result
          _ = driver.drive(record, curriedArgument: curried)
        }
        scheduler.start()
      }
      #expect(transformed.events == [.next(201, 1), .completed(201)])
      #expect(curried.events == transformed.events)
    }

    @Test("drive(onNext:onCompleted:onDisposed:) calls each closure in order; drive() just subscribes")
    func driveClosures() {
      let log = Log()
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        _ = scheduler.scheduleAt(200) {
          _ = Driver.just(1).drive(
            onNext: { log("next \($0)") }, onCompleted: { log("completed") }, onDisposed: { log("disposed") })
          _ = Driver.just(2).do(onNext: { log("side effect \($0)") }).drive()
        }
        scheduler.start()
      }
      #expect(log.entries == ["next 1", "completed", "disposed", "side effect 2"])
    }

    @Test("drive(with:) hands the object to the closures while it lives, and stops once it is gone")
    func driveWithObject() {
      let log = Log()
      let scheduler = TestScheduler(initialClock: 0)
      var owner: Owner? = Owner()
      SharingScheduler.mock(scheduler: scheduler) {
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let driver = source.asDriver(onErrorJustReturn: -1)
        _ = scheduler.scheduleAt(200) {
          _ = driver.drive(
            with: owner!, onNext: { object, value in log("next \(value) \(object === owner)") },
            onCompleted: { _ in log("completed") }, onDisposed: { _ in log("disposed") })
        }
        _ = scheduler.scheduleAt(220) { owner = nil }
        scheduler.start()
      }
      #expect(log.entries == ["next 1 true"])
    }

    // MARK: emit

    @Test("emit(to:) sends every event to each observer, plain or optional")
    func emitObservers() {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      let optional = scheduler.createObserver(Int?.self)
      SharingScheduler.mock(scheduler: scheduler) {
        let signal = Signal.just(1)
        _ = scheduler.scheduleAt(200) {
          _ = signal.emit(to: first, second)
          _ = signal.emit(to: optional)
        }
        scheduler.start()
      }
      #expect(first.events == [.next(201, 1), .completed(201)])
      #expect(second.events == first.events)
      #expect(optional.events == [.next(201, 1), .completed(201)])
    }

    @Test("emit(to:) accepts Behavior, Publish and Replay relays, plain or optional")
    func emitRelays() {
      let behavior = BehaviorRelay(value: 0)
      let optionalBehavior = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int>()
      let optionalPublish = PublishRelay<Int?>()
      let replay = ReplayRelay<Int>.create(bufferSize: 1)
      let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
      let log = Log()
      _ = publish.subscribe(onNext: { log("publish \($0)") })
      _ = optionalPublish.subscribe(onNext: { log("optional publish \(String(describing: $0))") })
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        _ = scheduler.scheduleAt(200) {
          let signal = Signal.just(1)
          _ = signal.emit(to: behavior)
          _ = signal.emit(to: optionalBehavior)
          _ = signal.emit(to: publish)
          _ = signal.emit(to: optionalPublish)
          _ = signal.emit(to: replay)
          _ = signal.emit(to: optionalReplay)
        }
        scheduler.start()
      }
      _ = replay.subscribe(onNext: { log("replay \($0)") })
      _ = optionalReplay.subscribe(onNext: { log("optional replay \(String(describing: $0))") })
      #expect(behavior.value == 1 && optionalBehavior.value == 1)
      #expect(log.entries == ["publish 1", "optional publish Optional(1)", "replay 1", "optional replay Optional(1)"])
    }

    @Test("emit(onNext:onCompleted:onDisposed:), emit(with:) and emit()")
    func emitClosures() {
      let log = Log()
      let owner = Owner()
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        _ = scheduler.scheduleAt(200) {
          _ = Signal.just(1).emit(
            onNext: { log("next \($0)") }, onCompleted: { log("completed") }, onDisposed: { log("disposed") })
          _ = Signal.just(2).emit(
            with: owner, onNext: { log("with \($0 === owner) \($1)") }, onCompleted: { _ in log("with completed") },
            onDisposed: { _ in log("with disposed") })
          _ = Signal.just(3).do(onNext: { log("side effect \($0)") }).emit()
        }
        scheduler.start()
      }
      #expect(
        log.entries == [
          "next 1", "completed", "disposed", "with true 2", "with completed", "with disposed", "side effect 3",
        ])
    }
  }
}
