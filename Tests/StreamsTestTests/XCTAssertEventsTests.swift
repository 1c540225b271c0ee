import Foundation
import Streams
import StreamsTest
import Testing

@Suite("Trait event equality and the XCTAssertEqual overloads")
struct XCTAssertEventsTests {
  @Test("MaybeEvent and CompletableEvent are Equatable, errors matching by description")
  func traitEventEquality() {
    #expect(MaybeEvent.success(1) == .success(1))
    #expect(MaybeEvent.success(1) != .success(2))
    #expect(MaybeEvent<Int>.completed != .success(1))
    #expect(MaybeEvent<Int>.error(TestError("a")) == .error(TestError("a")))
    #expect(MaybeEvent<Int>.error(TestError("a")) != .error(TestError("b")))
    #expect(CompletableEvent.completed == .completed)
    #expect(CompletableEvent.error(TestError("a")) == .error(TestError("a")))
    #expect(CompletableEvent.error(TestError("a")) != .completed)
  }

  @Test("equal lists pass silently")
  func equalLists() {
    let failures = collectFailures {
      XCTAssertEqual([Event.next(1), .completed], [.next(1), .completed])
      XCTAssertEqual([SingleEvent<Int>.success(1), .failure(TestError())], [.success(1), .failure(TestError())])
      XCTAssertEqual([MaybeEvent.success(1), .completed], [.success(1), .completed])
      XCTAssertEqual([CompletableEvent.completed], [.completed])
      XCTAssertEqual([Recorded.next(210, 1), .completed(220)], [.next(210, 1), .completed(220)])
      XCTAssertEqual([Recorded.next(210, Optional<Int>.none)], [.next(210, nil)])
      XCTAssertEqual(Recorded.events(.next(1, [1, 2]), .completed(2)), [.next(1, [1, 2]), .completed(2)])
      XCTAssertRecordedElements([.next(210, 1), .next(220, 2)], [1, 2])
    }
    #expect(failures.isEmpty)
  }

  @Test("a mismatch is reported at the caller's line, with each differing position")
  func mismatch() {
    let line: UInt = #line + 2
    let failures = collectFailures {
      XCTAssertEqual([Recorded.next(210, 1), .next(220, 2)], [.next(210, 1), .next(230, 2), .completed(240)])
    }
    #expect(failures.count == 1)
    #expect(failures.first?.line == line)
    let message = failures.first?.message ?? ""
    #expect(message.contains("lhs[1]: next(2) @ 220"))
    #expect(message.contains("rhs[1]: next(2) @ 230"))
    #expect(message.contains("lhs[2]: (none)"))
    #expect(!message.contains("lhs[0]"))
  }

  @Test("each overload reports a mismatch")
  func everyOverloadFails() {
    let failures = collectFailures {
      XCTAssertEqual([Event.next(1)], [.next(2)])
      XCTAssertEqual([SingleEvent<Int>.failure(TestError("a"))], [.failure(TestError("b"))])
      XCTAssertEqual([MaybeEvent<Int>.completed], [.success(1)])
      XCTAssertEqual([CompletableEvent.completed], [])
      XCTAssertEqual([Recorded.next(1, Optional(1))], [.next(1, nil)])
      XCTAssertRecordedElements([.next(210, 1)], [2])
      XCTAssertRecordedElements([.next(210, 1), .completed(220)], [1])
    }
    #expect(failures.count == 7)
    #expect(failures.last?.message.contains("stop event") == true)
  }
}
