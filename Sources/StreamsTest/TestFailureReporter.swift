import Foundation

#if canImport(Testing)
  import Testing
#endif

#if canImport(XCTest)
  import XCTest
#endif

/// A test failure found by StreamsTest: a failed marble assertion or a misuse of the test scheduler.
public struct TestFailure: Sendable, CustomStringConvertible {
  /// What went wrong, possibly over several lines.
  public let message: String

  /// The `#fileID` of the code the failure is attributed to.
  public let fileID: StaticString

  /// The `#filePath` of the code the failure is attributed to.
  public let filePath: StaticString

  /// The line the failure is attributed to.
  public let line: UInt

  /// The column the failure is attributed to.
  public let column: UInt

  /// Creates a failure attributed to the given source location.
  public init(
    _ message: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `File.swift:12: message`.
  public var description: String { "\(fileID):\(line): \(message)" }
}

/// Where StreamsTest sends test failures.
///
/// ``report(_:)`` tries, in order:
/// 1. the task-local ``handler``, when one is set;
/// 2. Swift Testing's `Issue.record`, when a Swift Testing test is running on this task;
/// 3. `XCTFail`, when XCTest is available (it records a failure in the running XCTest case; outside
///    a test it does nothing, so the failure is also written to standard error);
/// 4. standard error.
///
/// Set ``handler`` with `withValue` to observe failures in your own tests, or to send them to
/// another test framework:
///
/// ```swift
/// TestFailureReporter.$handler.withValue({ failure in failures.append(failure) }) {
///   scheduler.start()
/// }
/// ```
public enum TestFailureReporter {
  /// A handler that receives every failure reported on this task instead of the test framework.
  @TaskLocal public static var handler: (@Sendable (TestFailure) -> Void)?

  /// Reports `failure` to the first available destination (see ``TestFailureReporter``).
  public static func report(_ failure: TestFailure) {
    if let handler {
      handler(failure)
      return
    }
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: failure.message),
          sourceLocation: SourceLocation(
            fileID: String(describing: failure.fileID), filePath: String(describing: failure.filePath),
            line: Int(failure.line), column: Int(failure.column)))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(failure.message, file: failure.filePath, line: failure.line)
    #endif
    FileHandle.standardError.write(Data("StreamsTest: \(failure)\n".utf8))
  }
}
