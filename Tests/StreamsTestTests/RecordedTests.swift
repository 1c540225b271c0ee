import Streams
import StreamsTest
import Testing

@Suite("Recorded, Subscription and event equality")
struct RecordedTests {
  @Test("the .next/.completed/.error helpers build recorded events")
  func helpers() {
    let next: Recorded<Event<Int>> = .next(210, 2)
    #expect(next == Recorded(time: 210, value: .next(2)))
    #expect(Recorded.completed(300, Int.self) == Recorded(time: 300, value: Event<Int>.completed))
    #expect(Recorded.error(400, TestError(), Int.self) == Recorded(time: 400, value: Event<Int>.error(TestError())))
    #expect(next != .next(211, 2))
    #expect(next != .next(210, 3))
  }

  @Test("Recorded.events builds arrays, variadic or not")
  func events() {
    let variadic = Recorded.events(.next(10, "a"), .completed(20))
    let array = Recorded.events([Recorded.next(10, "a"), .completed(20)])
    #expect(variadic == array)
    #expect(variadic.count == 2)
  }

  @Test("debug descriptions read as value @ time")
  func descriptions() {
    let events: [Recorded<Event<Int>>] = [.next(210, 2), .completed(300), .error(400, TestError("boom"))]
    #expect(events.map(\.debugDescription) == ["next(2) @ 210", "completed @ 300", "error(boom) @ 400"])
    #expect(Recorded(time: 5, value: 42).debugDescription == "42 @ 5")
  }

  @Test("Subscription: Int.max while subscribed, Hashable, readable")
  func subscription() {
    let active = Subscription(200)
    #expect(active.subscribe == 200)
    #expect(active.unsubscribe == Int.max)
    #expect(active.isActive)
    #expect(active == Subscription(200, Int.max))
    let ended = Subscription(200, 1000)
    #expect(!ended.isActive)
    #expect(Set([active, ended, Subscription(200, 1000)]).count == 2)
    #expect(active.description == "(200 : ∞)")
    #expect(ended.description == "(200 : 1000)")
    #expect("\([ended])" == "[(200 : 1000)]")
  }

  @Test("events are equal when their kinds and elements are")
  func eventEquality() {
    #expect(Event.next(1) == Event.next(1))
    #expect(Event.next(1) != Event.next(2))
    #expect(Event<Int>.completed == Event<Int>.completed)
    #expect(Event.next(1) != Event<Int>.completed)
    #expect(Event<Int>.error(TestError()) != Event<Int>.completed)
  }

  @Test("errors are equal when their descriptions match, though the error type is not Equatable")
  func errorEquality() {
    #expect(Event<Int>.error(TestError("a")) == Event<Int>.error(TestError("a")))
    #expect(Event<Int>.error(TestError("a")) != Event<Int>.error(TestError("b")))
    #expect(Event<Int>.error(MarbleError()) == Event<Int>.error(MarbleError("marble error")))
    #if canImport(Darwin)
      // On Apple platforms the NSError domain (the type name) must match as well.
      #expect(Event<Int>.error(TestError("a")) != Event<Int>.error(OtherError(name: "a")))
    #else
      // Elsewhere only the descriptions are compared.
      #expect(Event<Int>.error(TestError("a")) == Event<Int>.error(OtherError(name: "a")))
    #endif
  }
}
