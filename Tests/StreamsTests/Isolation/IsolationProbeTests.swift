import Foundation
import Testing

/// Runs `IsolationProbe` (a Swift 6-mode program of this package, built with the tests) once per
/// scenario: a debug build stops at each race with a message naming the operator and the line,
/// and runs race-free code to its end.
@Suite("Isolation: a debug build stops at a race, at its line", .serialized)
struct IsolationProbeTests {
  @Test(
    "each race stops the program, naming the operator and the line that handed over the closure",
    arguments: [
      ("map-after-observe-on", "map's closure was formed on MainActor (IsolationProbe/main.swift:"),
      (
        "subscribe-after-subscribe-on",
        "subscribe(onNext:onError:onCompleted:onDisposed:)'s closure was formed on MainActor (IsolationProbe/main.swift:"
      ),
      ("flat-map-inner", "flatMap's closure was formed on MainActor (IsolationProbe/main.swift:"),
      ("time-operator", "filter's closure was formed on MainActor (IsolationProbe/main.swift:"),
      // Swift has no yes-or-no test for another actor: Streams calls its preconditionIsolated, whose
      // stop prints Swift's own message, naming the actor.
      ("actor", "Incorrect actor executor assumption; expected 'IsolationProbe.Counter' executor."),
    ])
  func raceStops(scenario: String, message: String) async throws {
    let run = try await offThePool { try IsolationProbe.run(scenario) }
    // Stopped: by the trap's signal, or, under ThreadSanitizer (whose handler takes the signal and
    // may exit with its own status), by a non-zero exit.
    #expect(run.stoppedBySignal || run.status != 0, "\(scenario) ended normally:\n\(run.output)")
    #expect(run.output.contains(message), "\(scenario):\n\(run.output)")
    #expect(!run.output.contains("finished"))
  }

  @Test("race-free code on the main actor runs to its end")
  func raceFreeRuns() async throws {
    let run = try await offThePool { try IsolationProbe.run("race-free") }
    #expect(!run.stoppedBySignal && run.status == 0, "\(run.output)")
    #expect(run.output.contains("finished, count 5"))
  }
}

enum IsolationProbe {
  struct Run: Sendable {
    var status: Int32
    var stoppedBySignal: Bool
    var output: String
  }

  /// Runs the probe with `scenario`; kills it (SIGKILL) after 30 seconds.
  static func run(_ scenario: String) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("IsolationProbe")
    process.arguments = [scenario]
    // No backtracer: it runs as a second process that holds the output pipe open (and under
    // ThreadSanitizer it can hang), so the read below would never see the end of the output.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    return Run(
      status: process.terminationStatus, stoppedBySignal: process.terminationReason == .uncaughtSignal,
      output: String(decoding: data, as: UTF8.self))
  }
}
