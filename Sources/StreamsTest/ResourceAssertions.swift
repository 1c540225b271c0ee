import Streams

/// Runs `body` with resource counting on, and reports a test failure when resources that `body`
/// created are still alive after it returns: a subscription it neither disposed nor let end, or a
/// sequence, subject or scheduled item that something still holds.
///
/// The count is `Resources.live(after:)`'s: only what `body` creates on the calling
/// task counts, so tests that run in parallel (Swift Testing's default) do not disturb each
/// other, and the test needs no `.serialized` trait. Keep the objects that must outlive the check
/// (a test's subject, say) outside `body`, and the ones under test inside it. The failure goes
/// where ``TestFailureReporter`` sends it: Swift Testing's `Issue.record` or `XCTFail`.
///
/// ```swift
/// assertNoLeakedResources {
///   let scheduler = TestScheduler(initialClock: 0)
///   let bag = DisposeBag()
///   source.map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: bag)
///   scheduler.start()
/// }  // The bag is released here: nothing is left.
/// ```
public func assertNoLeakedResources(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: () throws -> Void
) rethrows {
  let live = try Resources.live(after: body)
  guard live != 0 else { return }
  TestFailureReporter.report(
    TestFailure(
      leakMessage(live, message()), fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The `async` form of ``assertNoLeakedResources(_:fileID:filePath:line:column:_:)``: counts what
/// `body` creates on its task.
public func assertNoLeakedResources(
  _ message: @autoclosure () -> String = "",
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: () async throws -> Void
) async rethrows {
  let live = try await Resources.live(isolation: isolation, after: body)
  guard live != 0 else { return }
  TestFailureReporter.report(
    TestFailure(
      leakMessage(live, message()), fileID: fileID, filePath: filePath, line: line, column: column))
}

private func leakMessage(_ live: Int32, _ message: String) -> String {
  let what = "\(live) resource\(live == 1 ? "" : "s") created by the checked code still alive after it returned"
  return message.isEmpty ? what : "\(message): \(what)"
}
