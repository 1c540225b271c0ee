import Dispatch
import Foundation
import Observation
import Streams
import StreamsTest
import Testing

@Observable
final class SearchModel: @unchecked Sendable {
  var query = ""
  var count = 0
  var owner: Tracked?
}

/// `Observable.observe` / `Infallible.observe`: an `@Observable` object's property as a sequence.
@Suite("Observation → Observable: observe")
struct ObserveTests {
  @Test("The current value, then the value after each change; changes before the read are coalesced")
  func valuesAndCoalescing() {
    let scheduler = TestScheduler(initialClock: 0)
    let model = SearchModel()
    model.query = "a"
    let observer = scheduler.createObserver(String.self)
    let subscription = Observable.observe(model, \.query, scheduler: scheduler).subscribe(observer)
    scheduler.advanceTo(10)
    model.query = "b"
    scheduler.advanceTo(20)
    model.query = "c"
    model.query = "d"
    scheduler.advanceTo(30)
    subscription.dispose()
    #expect(observer.events == [.next(1, "a"), .next(11, "b"), .next(21, "d")])
  }

  @Test("Only what the read touched is tracked")
  func onlyReadPropertiesTracked() {
    let scheduler = TestScheduler(initialClock: 0)
    let model = SearchModel()
    let observer = scheduler.createObserver(String.self)
    let subscription = Observable.observe(model, \.query, scheduler: scheduler).subscribe(observer)
    scheduler.advanceTo(10)
    model.count = 5
    scheduler.advanceTo(20)
    subscription.dispose()
    #expect(observer.events == [.next(1, "")])
  }

  @Test("An expression is tracked over every property it reads")
  func expression() {
    let scheduler = TestScheduler(initialClock: 0)
    let model = SearchModel()
    let observer = scheduler.createObserver(String.self)
    let subscription = Observable.observe(model, scheduler: scheduler) { "\($0.query)#\($0.count)" }
      .subscribe(observer)
    scheduler.advanceTo(10)
    model.count = 2
    scheduler.advanceTo(20)
    model.query = "x"
    scheduler.advanceTo(30)
    subscription.dispose()
    #expect(observer.events == [.next(1, "#0"), .next(11, "#2"), .next(21, "x#2")])
  }

  @Test("Disposing stops tracking: a later change schedules nothing")
  func disposeStopsTracking() {
    let scheduler = TestScheduler(initialClock: 0)
    let model = SearchModel()
    let observer = scheduler.createObserver(String.self)
    let subscription = Observable.observe(model, \.query, scheduler: scheduler).subscribe(observer)
    scheduler.advanceTo(10)
    subscription.dispose()
    model.query = "late"
    scheduler.start()
    #expect(observer.events == [.next(1, "")])
    #expect(scheduler.clock == 10)
  }

  @Test("The object is not retained; a read that finds it released completes")
  func weakObject() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(String.self)
    weak var weakModel: SearchModel?
    var subscription: Disposable?
    do {
      let model = SearchModel()
      weakModel = model
      subscription = Observable.observe(model, \.query, scheduler: scheduler).subscribe(observer)
      scheduler.advanceTo(10)
      model.query = "last"
    }
    #expect(weakModel == nil)
    scheduler.advanceTo(20)
    #expect(observer.events == [.next(1, ""), .completed(11)])
    subscription?.dispose()
  }

  @Test("What the expression captures is released when the subscription ends")
  func expressionLifetime() {
    let scheduler = TestScheduler(initialClock: 0)
    let model = SearchModel()
    weak var weakTracked: Tracked?
    var subscription: Disposable?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = Observable.observe(scheduler: scheduler) { () -> String in
        _ = tracked
        return model.query
      }
      .subscribe(onNext: { _ in })
    }
    scheduler.advanceTo(10)
    #expect(weakTracked != nil)
    subscription?.dispose()
    #expect(weakTracked == nil)
  }

  @Test("Infallible.observe sends the same values and never fails")
  func infallible() {
    let scheduler = TestScheduler(initialClock: 0)
    let model = SearchModel()
    let observer = scheduler.createObserver(Int.self)
    let subscription = Infallible.observe(model, \.count, scheduler: scheduler).asObservable().subscribe(observer)
    scheduler.advanceTo(5)
    model.count = 1
    scheduler.advanceTo(10)
    subscription.dispose()
    #expect(observer.events == [.next(1, 0), .next(6, 1)])
  }

  @Test(
    "Values are read and sent on the chosen scheduler, after a change made on its queue from another thread",
    .timeLimit(.minutes(1)))
  func threads() async {
    let queue = DispatchQueue(label: "observe.tests")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
    let model = SearchModel()
    let received = Locked<[String]>([])
    let onQueue = Locked<[Bool]>([])
    let arrivals = Signals()
    let subscription = Observable.observe(model, \.query, scheduler: scheduler).subscribe(onNext: { value in
      received.withLock { $0.append(value) }
      onQueue.withLock { $0.append(DispatchQueue.getSpecific(key: key) == 7) }
      arrivals.signal()
    })
    await arrivals.wait(for: 1)
    // The change is made on the scheduler's queue (where a model of that queue is changed), from a
    // task on another thread; the read Observation's report schedules runs after it.
    await Task.detached { queue.async { model.query = "from a task" } }.value
    await arrivals.wait(for: 2)
    subscription.dispose()
    #expect(received.value == ["", "from a task"])
    #expect(onQueue.value == [true, true])
  }

  #if compiler(>=6.2)
    @Test("Swift 6.2's Observations converts with asObservable()", .timeLimit(.minutes(1)))
    @MainActor
    func observationsSequence() async throws {
      if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *) {
        let model = SearchModel()
        let values = Observations { model.query }
        let recorder = Recorder<String>()
        let subscription = values.asObservable().subscribe(recorder)
        while recorder.elements.isEmpty { await Task.yield() }
        model.query = "swift"
        while recorder.elements.count < 2 { await Task.yield() }
        subscription.dispose()
        #expect(recorder.elements == ["", "swift"])
      }
    }
  #endif
}
