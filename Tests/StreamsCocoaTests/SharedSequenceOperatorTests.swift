import Streams
import StreamsCocoa
import StreamsTest
import Testing

/// The events of `transform` applied to a driver of a hot source sending 1, 2, 3 at 210, 220,
/// 230 and completing at 240 (the driver delivers each one tick later), subscribed at 200.
private func driverEvents<Result>(_ transform: @escaping (Driver<Int>) -> Driver<Result>) -> [Recorded<Event<Result>>] {
  mocked { scheduler in
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    return scheduler.start { transform(source.asDriver(onErrorJustReturn: -1)).asObservable() }.events
  }
}

/// The events of the driver `make` builds from the hot sources it is given, subscribed at 200.
private func events<Result>(
  _ sources: [[Recorded<Event<Int>>]], cold: Bool = false, _ make: @escaping ([Driver<Int>]) -> Driver<Result>
) -> [Recorded<Event<Result>>] {
  mocked { scheduler in
    let drivers = sources.map { events in
      (cold ? scheduler.createColdObservable(events) : scheduler.createHotObservable(events))
        .asDriver(onErrorJustReturn: -1)
    }
    return scheduler.start { make(drivers).asObservable() }.events
  }
}

extension CocoaTests {
  @Suite("SharedSequence operators")
  @MainActor
  struct SharedSequenceOperatorTests {
    // MARK: Transforming

    @Test("map transforms; the result is itself shared and replays (one evaluation per element)")
    func mapShares() {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      var evaluations = 0
      SharingScheduler.mock(scheduler: scheduler) {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let mapped = source.asDriver(onErrorJustReturn: -1).map { value -> Int in
          evaluations += 1
          return value * 10
        }
        _ = scheduler.scheduleAt(200) { _ = mapped.drive(first) }
        _ = scheduler.scheduleAt(215) { _ = mapped.drive(late) }
        scheduler.start()
      }
      #expect(first.events == [.next(211, 10), .next(221, 20)])
      #expect(late.events == [.next(215, 10), .next(221, 20)])
      #expect(evaluations == 2)
    }

    @Test("compactMap and filter drop elements")
    func compactMapAndFilter() {
      #expect(
        driverEvents { $0.compactMap { $0 == 2 ? nil : $0 * 10 } } == [.next(211, 10), .next(231, 30), .completed(241)])
      #expect(driverEvents { $0.filter { $0 != 2 } } == [.next(211, 1), .next(231, 3), .completed(241)])
    }

    @Test("scan, startWith and skip")
    func scanStartWithSkip() {
      #expect(
        driverEvents { $0.scan(0, accumulator: +) } == [.next(211, 1), .next(221, 3), .next(231, 6), .completed(241)])
      #expect(
        driverEvents { $0.startWith(0) } == [
          .next(200, 0), .next(211, 1), .next(221, 2), .next(231, 3), .completed(241),
        ])
      #expect(driverEvents { $0.skip(2) } == [.next(231, 3), .completed(241)])
    }

    @Test("distinctUntilChanged in its four forms compares with the last element sent")
    func distinctUntilChanged() {
      func run(_ values: [Int], _ transform: @escaping (Driver<Int>) -> Driver<Int>) -> [Int] {
        let recorded = values.enumerated().map { Recorded.next(210 + 10 * $0.offset, $0.element) }
        return events([recorded]) { transform($0[0]) }.compactMap { $0.value.element }
      }
      #expect(run([1, 1, 2, 2, 1]) { $0.distinctUntilChanged() } == [1, 2, 1])
      #expect(run([1, 3, 2, 4, 5]) { $0.distinctUntilChanged { $0 % 2 } } == [1, 2, 5])
      #expect(run([1, 2, 4, 5, 9]) { $0.distinctUntilChanged { abs($0 - $1) < 2 } } == [1, 4, 9])
      #expect(run([1, 5, 12, 15, 21]) { $0.distinctUntilChanged({ $0 / 10 }, comparer: ==) } == [1, 12, 21])
    }

    // The sharing disposes its connection as the completion passes, so `onDispose` runs before
    // `afterCompleted`, as in RxCocoa.
    @Test("do runs its closures once per connection, in order, whatever the number of subscribers")
    func doOncePerConnection() {
      let log = Log()
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let driver = source.asDriver(onErrorJustReturn: -1).do(
          onNext: { log("next \($0)") }, afterNext: { log("after next \($0)") }, onCompleted: { log("completed") },
          afterCompleted: { log("after completed") }, onSubscribe: { log("subscribe") },
          onSubscribed: { log("subscribed") }, onDispose: { log("dispose") })
        _ = scheduler.scheduleAt(200) {
          _ = driver.drive()
          _ = driver.drive()
        }
        scheduler.start()
      }
      #expect(
        log.entries == ["subscribe", "subscribed", "next 1", "after next 1", "completed", "dispose", "after completed"])
    }

    @Test("debug passes the events through unchanged")
    func debugPassesThrough() {
      #expect(driverEvents { $0.debug("cocoa") } == [.next(211, 1), .next(221, 2), .next(231, 3), .completed(241)])
      #expect(driverEvents { $0.debug() }.count == 4)
    }

    // MARK: Flattening

    @Test("flatMapLatest follows only the newest inner driver")
    func flatMapLatest() {
      let result = mocked { scheduler in
        let inners = [
          1: scheduler.createColdObservable([.next(5, 10), .next(30, 11), .completed(40)]),
          2: scheduler.createColdObservable([.next(5, 20), .completed(10)]),
        ]
        let outer = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        return scheduler.start {
          outer.asDriver(onErrorJustReturn: -1)
            .flatMapLatest { inners[$0]!.asDriver(onErrorJustReturn: -1) }.asObservable()
        }.events
      }
      #expect(result == [.next(217, 10), .next(237, 20), .completed(301)])
    }

    @Test("flatMapFirst ignores elements while an inner driver runs")
    func flatMapFirst() {
      let result = mocked { scheduler in
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        return scheduler.start {
          outer.asDriver(onErrorJustReturn: -1).flatMapFirst { value in
            scheduler.createColdObservable([.next(5, value * 10), .completed(30)]).asDriver(onErrorJustReturn: -1)
          }.asObservable()
        }.events
      }
      #expect(result == [.next(217, 10), .next(267, 30), .completed(301)])
    }

    @Test("flatMap merges every inner driver")
    func flatMap() {
      let result = mocked { scheduler in
        let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        return scheduler.start {
          outer.asDriver(onErrorJustReturn: -1).flatMap { value in
            scheduler.createColdObservable([.next(5, value * 10), .next(20, value * 10 + 1), .completed(30)])
              .asDriver(onErrorJustReturn: -1)
          }.asObservable()
        }.events
      }
      #expect(result == [.next(217, 10), .next(227, 20), .next(232, 11), .next(242, 21), .completed(301)])
    }

    @Test("merge: variadic, array and collection forms")
    func mergeStatic() {
      let a: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 3), .completed(250)]
      let b: [Recorded<Event<Int>>] = [.next(220, 2), .completed(240)]
      let expected: [Recorded<Event<Int>>] = [.next(211, 1), .next(221, 2), .next(231, 3), .completed(251)]
      #expect(events([a, b]) { Driver.merge($0[0], $0[1]) } == expected)
      #expect(events([a, b]) { Driver.merge($0) } == expected)
      #expect(events([a, b]) { Driver.merge($0[...]) } == expected)
    }

    @Test("merge() and merge(maxConcurrent:) of a driver of drivers")
    func mergeInner() {
      let a: [Recorded<Event<Int>>] = [.next(10, 1), .next(30, 3), .completed(50)]
      let b: [Recorded<Event<Int>>] = [.next(10, 2), .completed(20)]
      #expect(
        events([a, b], cold: true) { Driver.of($0[0], $0[1]).merge() }
          == [.next(212, 1), .next(213, 2), .next(232, 3), .completed(252)])
      #expect(
        events([a, b], cold: true) { Driver.of($0[0], $0[1]).merge(maxConcurrent: 1) }
          == [.next(212, 1), .next(232, 3), .next(263, 2), .completed(273)])
    }

    @Test("switchLatest follows the newest inner driver")
    func switchLatest() {
      let result = mocked { scheduler in
        let first = scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)])
          .asDriver(onErrorJustReturn: -1)
        let second = scheduler.createColdObservable([.next(10, 3), .completed(20)]).asDriver(onErrorJustReturn: -1)
        let outer = scheduler.createHotObservable([.next(210, first), .next(240, second), .completed(300)])
        return scheduler.start { outer.asDriver(onErrorDriveWith: .empty()).switchLatest().asObservable() }.events
      }
      #expect(result == [.next(222, 1), .next(252, 3), .completed(301)])
    }

    @Test("concat runs drivers one after another, from a collection or a sequence")
    func concat() {
      let a: [Recorded<Event<Int>>] = [.next(10, 1), .completed(20)]
      let b: [Recorded<Event<Int>>] = [.next(10, 2), .completed(20)]
      let expected: [Recorded<Event<Int>>] = [.next(211, 1), .next(232, 2), .completed(242)]
      #expect(events([a, b], cold: true) { Driver.concat($0) } == expected)
      #expect(events([a, b], cold: true) { Driver.concat(AnySequence($0)) } == expected)
    }

    // MARK: Combining

    @Test("combineLatest and zip of two, with a selector or into tuples")
    func combineTwo() {
      let a: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 3)]
      let b: [Recorded<Event<Int>>] = [.next(220, 10), .next(240, 20)]
      #expect(
        events([a, b]) { Driver.combineLatest($0[0], $0[1]) { $0 + $1 } }
          == [.next(221, 11), .next(231, 13), .next(241, 23)])
      #expect(
        events([a, b]) { Driver.combineLatest($0[0], $0[1]).map { "\($0)-\($1)" } }
          == [.next(221, "1-10"), .next(231, "3-10"), .next(241, "3-20")])
      #expect(events([a, b]) { Driver.zip($0[0], $0[1]) { $0 + $1 } } == [.next(221, 11), .next(241, 23)])
      #expect(
        events([a, b]) { Driver.zip($0[0], $0[1]).map { "\($0)-\($1)" } } == [.next(221, "1-10"), .next(241, "3-20")])
    }

    @Test("combineLatest and zip of eight keep each source's place and type")
    func combineEight() {
      let result = mocked { scheduler in
        let d = (1...8).map { Driver.just($0) }
        let name = Driver.just("x")
        return scheduler.start {
          Driver.combineLatest(d[0], d[1], d[2], d[3], d[4], d[5], d[6], name) {
            "\($0)\($1)\($2)\($3)\($4)\($5)\($6)\($7)"
          }
          .flatMap { combined in
            Driver.zip(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]).map {
              "\(combined) \($0 + $1 + $2 + $3 + $4 + $5 + $6 + $7)"
            }
          }
          .asObservable()
        }.events
      }
      #expect(result.compactMap { $0.value.element } == ["1234567x 36"])
    }

    @Test("combineLatest and zip of a collection, into arrays or with a selector")
    func combineCollection() {
      let a: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 3)]
      let b: [Recorded<Event<Int>>] = [.next(220, 10), .next(240, 20)]
      #expect(
        events([a, b]) { Driver.combineLatest($0).map { $0.map(String.init).joined(separator: "-") } }
          == [.next(221, "1-10"), .next(231, "3-10"), .next(241, "3-20")])
      #expect(
        events([a, b]) { Driver.combineLatest($0) { $0.reduce(0, +) } } == [
          .next(221, 11), .next(231, 13), .next(241, 23),
        ])
      #expect(
        events([a, b]) { Driver.zip($0).map { $0.map(String.init).joined(separator: "-") } }
          == [.next(221, "1-10"), .next(241, "3-20")])
      #expect(events([a, b]) { Driver.zip($0) { $0.reduce(0, +) } } == [.next(221, 11), .next(241, 23)])
    }

    @Test("withLatestFrom pairs each element with the other driver's latest")
    func withLatestFrom() {
      let a: [Recorded<Event<Int>>] = [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)]
      let b: [Recorded<Event<Int>>] = [.next(220, 10), .next(240, 20)]
      #expect(
        events([a, b]) { $0[0].withLatestFrom($0[1]) { "\($0)-\($1)" } }
          == [.next(231, "2-10"), .next(251, "3-20"), .completed(261)])
      #expect(events([a, b]) { $0[0].withLatestFrom($0[1]) } == [.next(231, 10), .next(251, 20), .completed(261)])
    }

    // MARK: Time

    @Test("throttle times its windows on the sharing scheduler")
    func throttle() {
      let source: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(215, 2), .next(220, 3), .next(270, 4), .completed(300),
      ]
      #expect(
        events([source]) { $0[0].throttle(.seconds(20)) }
          == [.next(211, 1), .next(231, 3), .next(271, 4), .completed(301)])
      #expect(
        events([source]) { $0[0].throttle(.seconds(20), latest: false) }
          == [.next(211, 1), .next(271, 4), .completed(301)])
    }

    @Test("debounce and delay time on the sharing scheduler")
    func debounceAndDelay() {
      #expect(
        events([[.next(210, 1), .next(215, 2), .next(250, 3), .completed(300)]]) { $0[0].debounce(.seconds(20)) }
          == [.next(236, 2), .next(271, 3), .completed(301)])
      #expect(
        events([[.next(210, 1), .completed(230)]]) { $0[0].delay(.seconds(5)) } == [.next(216, 1), .completed(236)])
    }

    // MARK: Factories

    @Test("just, empty, never, of and from send on the sharing scheduler")
    func factories() {
      #expect(mocked { s in s.start { Driver.just(1).asObservable() }.events } == [.next(201, 1), .completed(201)])
      #expect(mocked { s in s.start { Driver<Int>.empty().asObservable() }.events } == [.completed(201)])
      #expect(mocked { s in s.start { Driver<Int>.never().asObservable() }.events } == [])
      let steps: [Recorded<Event<Int>>] = [.next(201, 1), .next(202, 2), .completed(203)]
      #expect(mocked { s in s.start { Driver.of(1, 2).asObservable() }.events } == steps)
      #expect(mocked { s in s.start { Driver.from([1, 2]).asObservable() }.events } == steps)
      #expect(mocked { s in s.start { Driver.from(AnySequence([1, 2])).asObservable() }.events } == steps)
      #expect(
        mocked { s in s.start { Driver.from(optional: 1).asObservable() }.events } == [.next(201, 1), .completed(202)])
      #expect(mocked { s in s.start { Driver<Int>.from(optional: nil).asObservable() }.events } == [.completed(201)])
    }

    @Test("deferred calls its factory once per connection, not per subscriber")
    func deferred() {
      var calls = 0
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        let driver = Driver<Int>.deferred {
          calls += 1
          return .never()
        }
        _ = scheduler.scheduleAt(200) {
          let first = driver.drive()
          let second = driver.drive()
          first.dispose()
          second.dispose()
          _ = driver.drive()
        }
        scheduler.start()
      }
      #expect(calls == 2)
    }

    @Test("interval and timer tick on the sharing scheduler and are shared")
    func intervalAndTimer() {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      let timer = scheduler.createObserver(Int.self)
      SharingScheduler.mock(scheduler: scheduler) {
        let interval = Driver<Int>.interval(.seconds(50))
        let ticking = Driver<Int>.timer(.seconds(10), period: .seconds(30))
        var subscriptions: [Disposable] = []
        _ = scheduler.scheduleAt(200) {
          subscriptions.append(interval.drive(first))
          subscriptions.append(ticking.drive(timer))
        }
        _ = scheduler.scheduleAt(270) { subscriptions.append(interval.drive(second)) }
        _ = scheduler.scheduleAt(330) { subscriptions.forEach { $0.dispose() } }
        scheduler.start()
      }
      #expect(first.events == [.next(250, 0), .next(300, 1)])
      #expect(second.events == [.next(270, 0), .next(300, 1)])
      #expect(timer.events == [.next(210, 0), .next(240, 1), .next(270, 2), .next(300, 3)])
    }

    @Test("asInfallible keeps the elements and completion")
    func asInfallible() {
      let result = mocked { s in s.start { Driver.of(1, 2).asInfallible().asObservable() }.events }
      #expect(result == [.next(201, 1), .next(202, 2), .completed(203)])
    }

    // MARK: Concurrency

    @Test("values yields the elements, then finishes")
    func values() async {
      let iterating = Task { @MainActor in
        var values: [Int] = []
        for await value in Driver.of(1, 2, 3).values { values.append(value) }
        return values
      }
      let watchdog = Task {
        try await Task.sleep(nanoseconds: 10_000_000_000)
        iterating.cancel()
      }
      let values = await iterating.value
      watchdog.cancel()
      #expect(values == [1, 2, 3])
    }

    @Test("Cancelling the iterating task disposes the subscription")
    func valuesCancellation() async {
      // The cancellation handler disposes on the cancelling thread, off the main actor.
      let disposed = Locked(false)
      let driver = Driver<Int>.never().do(onDispose: { @Sendable in disposed.withLock { $0 = true } })
      let iterating = Task { @MainActor in
        for await _ in driver.values {}
        return Task.isCancelled
      }
      iterating.cancel()
      #expect(await iterating.value)
      #expect(disposed.value)
    }
  }
}
