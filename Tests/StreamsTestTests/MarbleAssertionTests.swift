import Streams
import StreamsTest
import Testing

@Suite("Marble diagrams: assertions and diffs")
struct MarbleAssertionTests {
  @Test("matching events give no mismatch and no failure")
  func match() {
    let events: [Recorded<Event<Int>>] = [.next(220, 1), .next(250, 2), .completed(280)]
    #expect(Marbles.mismatch(events, "--a--b--|", values: ["a": 1, "b": 2]) == nil)
    let failures = collectFailures { assertMarbles(events, "--a--b--|", values: ["a": 1, "b": 2]) }
    #expect(failures.isEmpty)
    #expect(Marbles.mismatch([Recorded<Event<String>>.next(0, "x")], "x", startTime: 0) == nil)
  }

  @Test("a mismatch shows both diagrams aligned, a caret at the first difference, and both event lists")
  func diff() {
    let events: [Recorded<Event<Int>>] = [.next(220, 1), .next(280, 2), .completed(290)]
    let message = Marbles.mismatch(events, "--a--b--|", values: ["a": 1, "b": 2])
    #expect(
      message == """
        Recorded events do not match the marble diagram (10 ticks per frame from 200).
          expected: --a--b--|
          actual:   --a-----b|
                         ^ first difference at time 250

             expected          actual
          0  next(1) @ 220     next(1) @ 220
        ✗ 1  next(2) @ 250     next(2) @ 280
        ✗ 2  completed @ 280   completed @ 290
        """)
  }

  @Test("missing and extra events show as '—'; unknown values as '?'; errors by their key")
  func missingAndExtra() {
    let events: [Recorded<Event<Int>>] = [.next(200, 1), .next(200, 9), .error(230, TestError("x"))]
    let message = Marbles.mismatch(events, "a", values: ["a": 1], errors: ["x": TestError("x")])
    #expect(
      message == """
        Recorded events do not match the marble diagram (10 ticks per frame from 200).
          expected: a
          actual:   (a?)x
                    ^ first difference at time 200
          (events too close together for their group's width are drawn shifted right)

             expected        actual
          0  next(1) @ 200   next(1) @ 200
        ✗ 1  —               next(9) @ 200
        ✗ 2  —               error(x) @ 230
        """)
  }

  @Test("events off the frame grid are listed and noted, not drawn")
  func offGrid() {
    let events: [Recorded<Event<String>>] = [.next(215, "a"), .completed(230)]
    let message = Marbles.mismatch(events, "-a-|")
    #expect(
      message == """
        Recorded events do not match the marble diagram (10 ticks per frame from 200).
          expected: -a-|
          actual:   ---|
                     ^ first difference at time 210
          (events at 215 are off the frame grid and not drawn)

             expected          actual
        ✗ 0  next(a) @ 210     next(a) @ 215
          1  completed @ 230   completed @ 230
        """)
  }

  @Test("a malformed expected diagram is a mismatch that explains the syntax error")
  func malformedExpectation() {
    let message = Marbles.mismatch([Recorded<Event<Int>>](), "--(a", values: ["a": 1])
    #expect(
      message?.hasPrefix("The expected diagram cannot be read. Malformed marble diagram: '(' is never closed.") == true)
  }

  @Test("assertMarbles reports the mismatch at the caller's line")
  func assertReports() {
    let events: [Recorded<Event<String>>] = [.next(210, "a")]
    let line: UInt = #line + 1
    let failures = collectFailures { assertMarbles(events, "-b") }
    #expect(failures.count == 1)
    #expect(failures.first?.line == line)
    #expect(failures.first?.message == Marbles.mismatch(events, "-b"))
  }

  @Test("inside a Swift Testing test, a failed assertMarbles is an issue")
  func assertIsIssue() {
    withKnownIssue("the diagram does not match") {
      assertMarbles([Recorded<Event<Int>>.next(210, 1)], "--a", values: ["a": 1])
    }
  }

  @Test("render draws groups, errors and completion")
  func render() {
    let events: [Recorded<Event<Int>>] = [.next(200, 1), .next(200, 2), .next(250, 1), .error(270, MarbleError())]
    #expect(Marbles.render(events, values: ["a": 1, "b": 2]) == "(ab)-a-#")
    #expect(Marbles.render([Recorded<Event<String>>.next(20, "q"), .completed(40)], startTime: 0) == "--q-|")
  }

  @Test("diagrams round-trip through parse and render")
  func roundTrip() throws {
    for diagram in ["--a--b--|", "(ab)-c-#", "a", "---x|"] {
      let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "x": 4]
      let events = try Marbles.parse(diagram, values: values, startTime: 200)
      #expect(Marbles.render(events, values: values) == diagram)
    }
  }
}

@Suite("The documentation's examples")
struct DocumentationExampleTests {
  @Test("filtersOddNumbers from StreamsTest.md")
  func filtersOddNumbers() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4]
    let xs = try scheduler.createHotObservable("-a-^-b-c-d-|", values: values)

    let res = scheduler.start { xs.filter { $0 % 2 == 0 } }

    let failures = collectFailures { assertMarbles(res.events, "--b---d-|", values: values) }
    #expect(failures.isEmpty)
    #expect(xs.subscriptions == [Subscription(200, 280)])
  }

  @Test("the failure text shown in StreamsTest.md")
  func failureText() {
    let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4]
    let events: [Recorded<Event<Int>>] = [.next(220, 2), .next(280, 4), .completed(300)]
    #expect(
      Marbles.mismatch(events, "--b---d-|", values: values) == """
        Recorded events do not match the marble diagram (10 ticks per frame from 200).
          expected: --b---d-|
          actual:   --b-----d-|
                          ^ first difference at time 260

             expected          actual
          0  next(2) @ 220     next(2) @ 220
        ✗ 1  next(4) @ 260     next(4) @ 280
        ✗ 2  completed @ 280   completed @ 300
        """)
  }
}
