import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process of the `StreamsAuthProcessFixture` executable: stdin and stdout are pipes
/// (the child exits when stdin closes, so it never outlives the test runner), stderr goes to a log
/// file, never to the test runner's output; ``kill()`` sends `SIGKILL`, and so does deallocation.
final class FixtureProcess: @unchecked Sendable {
  /// The fixture executable, built next to the test bundle by `swift build --build-tests`.
  static func executableURL() throws -> URL {
    let name = "StreamsAuthProcessFixture"
    var starts = [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL]
    starts += Bundle.allBundles.map(\.bundleURL)
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw FixtureError(
      description: "\(name) was not found next to the test bundle; build it with `swift build --build-tests`")
  }

  struct FixtureError: Error, CustomStringConvertible {
    var description: String
  }

  private let process = Process()
  /// The child's stderr; a missing line's error quotes it. Removed with the process.
  let logURL: URL
  private let stdin = Pipe()
  private let stdout = Pipe()
  private let output = Locked<(lines: [String], partial: Data, closed: Bool)>(([], Data(), false))

  init(_ arguments: [String]) throws {
    logURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("streams-auth-fixture-\(getpid())-\(UUID().uuidString.prefix(8)).log")
    guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
      throw FixtureError(description: "cannot create \(logURL.path)")
    }
    let log = try FileHandle(forWritingTo: logURL)
    process.executableURL = try Self.executableURL()
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = log
    let output = self.output
    stdout.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty { handle.readabilityHandler = nil }
      output.withLock { state in
        if data.isEmpty {
          state.closed = true
          return
        }
        state.partial.append(data)
        while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
          state.lines.append(String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self))
          state.partial = Data(state.partial[state.partial.index(after: newline)...])
        }
      }
    }
    try process.run()
    try? log.close()
  }

  deinit {
    kill()
    try? FileManager.default.removeItem(at: logURL)
  }

  /// The lines printed so far.
  var lines: [String] { output.withLock { $0.lines } }

  /// Waits up to `timeout` for the `count`-th line and returns it.
  func line(_ count: Int, timeout: Duration = .seconds(60)) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let (lines, closed) = output.withLock { ($0.lines, $0.closed) }
      if lines.count >= count { return lines[count - 1] }
      if closed { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    throw FixtureError(
      description: "no line \(count) from the fixture (lines: \(lines)); its log:\n\(log.suffix(4000))")
  }

  /// The JSON object of the `count`-th line.
  func json(_ count: Int, timeout: Duration = .seconds(60)) async throws -> [String: Any] {
    let text = try await line(count, timeout: timeout)
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      throw FixtureError(description: "not a JSON object: \(text)")
    }
    return object
  }

  /// Sends one line to the child's stdin.
  func send(_ line: String) {
    stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// `SIGKILL`, then reaps the child.
  func kill() {
    if process.isRunning {
      killProcess(process.processIdentifier)
      process.waitUntilExit()
    }
  }
}

/// `kill(2)` with `SIGKILL`, outside ``FixtureProcess`` whose `kill()` would shadow it.
private func killProcess(_ identifier: Int32) {
  _ = kill(identifier, SIGKILL)
}
