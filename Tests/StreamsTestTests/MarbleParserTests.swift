import Streams
import StreamsTest
import Testing

@Suite("Marble diagrams: parsing")
struct MarbleParserTests {
  @Test("'-' is a frame of 10 ticks; values come from the map; '|' completes")
  func basics() throws {
    let events = try Marbles.parse("--a--b--|", values: ["a": 1, "b": 2])
    #expect(events == [.next(20, 1), .next(50, 2), .completed(80)])
  }

  @Test("frameDuration and startTime set the grid")
  func grid() throws {
    let events = try Marbles.parse("-a-|", values: ["a": 1], frameDuration: 5, startTime: 100)
    #expect(events == [.next(105, 1), .completed(115)])
  }

  @Test("the String form maps each letter or digit to itself")
  func stringValues() throws {
    let events = try Marbles.parse("a-1-Z|")
    #expect(events == [.next(0, "a"), .next(20, "1"), .next(40, "Z"), .completed(50)])
  }

  @Test("any non-structural character can be a key of values")
  func otherKeys() throws {
    let events = try Marbles.parse("*-x", values: ["*": "star", "x": "ex"])
    #expect(events == [.next(0, "star"), .next(20, "ex")])
  }

  @Test("'#' sends MarbleError unless errors names another error")
  func errors() throws {
    let defaultError = try Marbles.parse("--#", values: [Character: Int]())
    #expect(defaultError == [.error(20, MarbleError())])
    #expect(defaultError.first?.value.error is MarbleError)

    let custom = try Marbles.parse("--#", values: [Character: Int](), errors: ["#": TestError("custom")])
    #expect(custom == [.error(20, TestError("custom"))])
    #expect(custom.first?.value.error is TestError)

    let keyed = try Marbles.parse("a-x", values: ["a": 1], errors: ["x": TestError("x")])
    #expect(keyed == [.next(0, 1), .error(20, TestError("x"))])
  }

  @Test("a group puts its events in the frame of '(' and takes one frame per character")
  func groups() throws {
    let events = try Marbles.parse("(ab)-c|", values: ["a": 1, "b": 2, "c": 3])
    #expect(events == [.next(0, 1), .next(0, 2), .next(50, 3), .completed(60)])
    let terminal = try Marbles.parse("--(a|)")
    #expect(terminal == [.next(20, "a"), .completed(20)])
  }

  @Test("'^' is at startTime; characters left of it come earlier")
  func subscriptionMarker() throws {
    let events = try Marbles.parse("a-^-b-|", values: ["a": 1, "b": 2], startTime: 200)
    #expect(events == [.next(180, 1), .next(220, 2), .completed(240)])
    let leading = try Marbles.parse("^a", startTime: 200)
    #expect(leading == [.next(210, "a")])
  }

  @Test("spaces are ignored and take no time")
  func spaces() throws {
    #expect(try Marbles.parse(" -- a -- | ") == Marbles.parse("--a--|"))
  }

  @Test("an empty diagram, or one with only time, has no events")
  func empty() throws {
    #expect(try Marbles.parse("").isEmpty)
    #expect(try Marbles.parse("-----").isEmpty)
  }

  @Test("events after a terminal event are kept, for sources that misbehave on purpose")
  func afterTerminal() throws {
    #expect(try Marbles.parse("|-a") == [.completed(0), .next(20, "a")])
  }

  struct Malformed: CustomTestStringConvertible, Sendable {
    let diagram: String
    let offset: Int?
    let reason: String
    var testDescription: String { "\"\(diagram)\"" }
  }

  @Test(
    "malformed diagrams throw a MarbleSyntaxError pointing at the problem",
    arguments: [
      Malformed(diagram: "--x--", offset: 2, reason: "no value given for 'x'"),
      Malformed(diagram: "(ab", offset: 0, reason: "'(' is never closed"),
      Malformed(diagram: "-((a))", offset: 2, reason: "groups cannot be nested"),
      Malformed(diagram: "a)", offset: 1, reason: "')' without a matching '('"),
      Malformed(diagram: "-()", offset: 2, reason: "empty group"),
      Malformed(diagram: "^-^", offset: 2, reason: "more than one '^'"),
      Malformed(diagram: "(a^)", offset: 2, reason: "'^' inside a group"),
      Malformed(diagram: "(a-b)", offset: 2, reason: "'-' inside a group"),
    ])
  func malformed(_ example: Malformed) {
    #expect {
      try Marbles.parse(example.diagram, values: ["a": 1, "b": 2])
    } throws: { error in
      guard let error = error as? MarbleSyntaxError else { return false }
      return error.offset == example.offset && error.reason.contains(example.reason)
        && error.diagram == example.diagram
    }
  }

  @Test("the String form rejects symbols that are neither letters nor digits")
  func stringFormSymbols() {
    #expect(
      throws: MarbleSyntaxError(
        diagram: "a*", offset: 1, reason: "'*' is not a marble symbol; use a letter or a digit for a value.")
    ) {
      try Marbles.parse("a*")
    }
  }

  @Test("bad maps and frame durations are rejected")
  func badOptions() {
    #expect(throws: MarbleSyntaxError.self) { try Marbles.parse("a", values: ["a": 1], frameDuration: 0) }
    #expect(throws: MarbleSyntaxError.self) { try Marbles.parse("a", values: ["-": 1]) }
    #expect(throws: MarbleSyntaxError.self) { try Marbles.parse("a", values: ["#": 1]) }
    #expect(throws: MarbleSyntaxError.self) { try Marbles.parse("a", errors: ["|": TestError()]) }
    #expect(throws: MarbleSyntaxError.self) {
      try Marbles.parse("a", values: ["a": 1], errors: ["a": TestError()])
    }
    #expect(throws: MarbleSyntaxError.self) {
      try Marbles.parse("--a", values: ["a": 1], frameDuration: Int.max)
    }
  }

  @Test("the error description quotes the diagram with a caret under the problem")
  func errorDescription() {
    let error = MarbleSyntaxError(diagram: "--x--", offset: 2, reason: "no value given for 'x'; add it to `values`.")
    #expect(
      error.description == """
        Malformed marble diagram: no value given for 'x'; add it to `values`.
          --x--
            ^
        """)
    let whole = MarbleSyntaxError(diagram: "a", offset: nil, reason: "frameDuration must be positive, not 0.")
    #expect(whole.description == "Malformed marble diagram: frameDuration must be positive, not 0.\n  a")
  }
}

@Suite("Marble diagrams: test observables")
struct MarbleObservableTests {
  @Test("a hot diagram starts at 200, or puts '^' at 200")
  func hot() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let plain = try scheduler.createHotObservable("--a--|", values: ["a": 1])
    #expect(plain.recordedEvents == [.next(220, 1), .completed(250)])
    let marked = try scheduler.createHotObservable("a-^-b|", values: ["a": 1, "b": 2])
    #expect(marked.recordedEvents == [.next(180, 1), .next(220, 2), .completed(230)])
    let strings = try scheduler.createHotObservable("^-x-|", frameDuration: 5, startTime: 300)
    #expect(strings.recordedEvents == [.next(310, "x"), .completed(320)])
  }

  @Test("a cold diagram starts at each subscription and rejects '^'")
  func cold() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("a-b|", values: ["a": 1, "b": 2])
    #expect(xs.recordedEvents == [.next(0, 1), .next(20, 2), .completed(30)])
    let observer = scheduler.start { xs.asObservable() }
    #expect(observer.events == [.next(200, 1), .next(220, 2), .completed(230)])
    #expect(throws: MarbleSyntaxError.self) { try scheduler.createColdObservable("-^-a") }
    #expect(throws: MarbleSyntaxError.self) { try scheduler.createColdObservable("-^-a", values: ["a": 1]) }
  }

  @Test("malformed hot diagrams throw instead of creating an observable")
  func hotMalformed() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(throws: MarbleSyntaxError.self) { try scheduler.createHotObservable("(a", values: ["a": 1]) }
    #expect(throws: MarbleSyntaxError.self) { try scheduler.createHotObservable("a-?") }
  }
}
