import Streams
import StreamsTest
import Testing

@Suite("groupBy")
struct GroupByTests {
  @Test(
    "Each new key sends a group; elements, then completion, reach every group; the source is disposed at completion")
  func groupsAndCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, "a1"), .next(220, "b1"), .next(230, "a2"), .completed(240),
    ])
    let keys = scheduler.createObserver(String.self)
    let groupA = scheduler.createObserver(String.self)
    let groupB = scheduler.createObserver(String.self)
    let bag = DisposeBag()
    _ = scheduler.scheduleAt(200) {
      source.groupBy { String($0.prefix(1)) }
        .subscribe(
          onNext: { group in
            keys.onNext(group.key)
            group.subscribe(group.key == "a" ? groupA : groupB).disposed(by: bag)
          }, onCompleted: { keys.onCompleted() }
        )
        .disposed(by: bag)
    }
    scheduler.start()
    #expect(keys.events == [.next(210, "a"), .next(220, "b"), .completed(240)])
    #expect(groupA.events == [.next(210, "a1"), .next(230, "a2"), .completed(240)])
    #expect(groupB.events == [.next(220, "b1"), .completed(240)])
    #expect(source.subscriptions == [Subscription(200, 240)])
  }

  @Test("An error from the source or the key selector reaches every group and the outer sequence")
  func errors() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, -1)])
    let outer = scheduler.createObserver(Int.self)
    let group = scheduler.createObserver(Int.self)
    let bag = DisposeBag()
    _ = scheduler.scheduleAt(200) {
      source.groupBy { value -> Int in
        if value < 0 { throw TestError(id: 7) }
        return value % 2
      }
      .subscribe(
        onNext: { grouped in
          outer.onNext(grouped.key)
          if grouped.key == 1 { grouped.subscribe(group).disposed(by: bag) }
        }, onError: { outer.onError($0) }
      )
      .disposed(by: bag)
    }
    scheduler.start()
    #expect(outer.events == [.next(210, 1), .next(220, 0), .error(230, TestError(id: 7))])
    #expect(group.events == [.next(210, 1), .error(230, TestError(id: 7))])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("A subscribed group keeps the source alive after the outer subscription is disposed, until it is disposed too")
  func groupLifetime() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .next(260, 5), .completed(300)])
    let group = scheduler.createObserver(Int.self)
    var outerSubscription: Disposable?
    var groupSubscription: Disposable?
    _ = scheduler.scheduleAt(200) {
      outerSubscription = source.groupBy { $0 % 2 }.subscribe(onNext: { groupSubscription = $0.subscribe(group) })
    }
    _ = scheduler.scheduleAt(220) { outerSubscription?.dispose() }
    _ = scheduler.scheduleAt(250) { groupSubscription?.dispose() }
    scheduler.start()
    #expect(group.events == [.next(210, 1), .next(230, 3)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("Disposing the outer subscription with no group subscribed disposes the source")
  func outerDisposeWithoutGroups() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let observer = scheduler.start(disposed: 240) { source.groupBy { $0 % 2 }.map(\.key) }
    #expect(observer.events == [.next(210, 1)])
    #expect(source.subscriptions == [Subscription(200, 240)])
  }

  @Test("A terminal event reaches the groups in the order they were made, then the outer sequence")
  func terminalOrder() {
    let log = Log()
    let subject = PublishSubject<Int>()
    _ = subject.groupBy { $0 }.subscribe(
      onNext: { group in _ = group.subscribe(onError: { _ in log("group \(group.key)") }) },
      onError: { _ in log("outer") })
    for key in [5, 3, 9, 1, 7, 2, 8] { subject.onNext(key) }
    subject.onError(TestError())
    #expect(log.entries == ["group 5", "group 3", "group 9", "group 1", "group 7", "group 2", "group 8", "outer"])
  }

  @Test("A group subscribed after completion receives the completion")
  func lateGroupSubscriber() {
    var groups: [GroupedObservable<Int, Int>] = []
    _ = Observable.of(1, 2).groupBy { $0 }.subscribe(onNext: { groups.append($0) })
    let late = Recorder<Int>()
    _ = groups[0].subscribe(late)
    #expect(groups.map(\.key) == [1, 2])
    #expect(late.events.count == 1 && late.isCompleted)
  }
}
