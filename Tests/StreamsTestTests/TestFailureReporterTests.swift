import StreamsTest
import Testing

@Suite("TestFailureReporter")
struct TestFailureReporterTests {
  @Test("a task-local handler receives failures with their source location")
  func handler() {
    let line: UInt = #line + 1
    let failures = collectFailures { TestFailureReporter.report(TestFailure("boom")) }
    #expect(failures.count == 1)
    #expect(failures.first?.message == "boom")
    #expect(failures.first?.line == line)
    #expect(failures.first?.description == "\(#fileID):\(line): boom")
  }

  @Test("the handler is scoped to the task-local operation")
  func scoped() {
    let inner = collectFailures {}
    #expect(inner.isEmpty)
    #expect(TestFailureReporter.handler == nil)
  }

  @Test("without a handler, inside a Swift Testing test, failures are recorded as issues")
  func issue() {
    withKnownIssue("reported through Issue.record") {
      TestFailureReporter.report(TestFailure("expected failure"))
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "expected failure" }
    }
  }
}
