import Foundation
import Testing

/// Runs `IsolationProbe` (a Swift 6-mode program of this package, built with the tests) once per
/// scenario: a debug build stops at each race with a message naming the operator and the line,
/// and runs race-free code to its end.
@Suite("Isolation: a debug build stops at a race, naming the operator and the closure's type", .serialized)
struct IsolationProbeTests {
  @Test(
    "each race stops the program, naming the operator, the closure's type and its isolation",
    arguments: [
      ("map-after-observe-on", "map's closure (Int) throws -> Int is isolated to MainActor and was called off it"),
      (
        "subscribe-after-subscribe-on",
        "subscribe(onNext:onError:onCompleted:onDisposed:)'s closure (Int) -> () is isolated to MainActor"
      ),
      ("flat-map-inner", "flatMap's closure (Int) throws -> Observable<Int> is isolated to MainActor"),
      ("time-operator", "filter's closure (Int) throws -> Bool is isolated to MainActor"),
      // Swift has no yes-or-no test for another actor: Streams calls its preconditionIsolated, whose
      // stop prints Swift's own message, naming the actor.
      ("actor", "Incorrect actor executor assumption; expected 'IsolationProbe.Counter' executor."),
    ])
  func raceStops(scenario: String, message: String) async throws {
    let run = try await offThePool { try IsolationProbe.run(scenario) }
    expectStopped(run, scenario: scenario, message: message)
  }

  @Test(
    "race-free code on the main actor runs to its end, @Sendable closures and nonisolated functions after a hop too",
    arguments: ["race-free", "sendable-closure-after-hop", "nonisolated-function-after-hop"])
  func raceFreeRuns(scenario: String) async throws {
    let run = try await offThePool { try IsolationProbe.run(scenario) }
    #expect(!run.stoppedBySignal && run.status == 0, "\(scenario): \(run.output)")
    #expect(run.output.contains(scenario == "race-free" ? "finished, count 5" : "finished, count 30"))
  }

  @Test("a module whose default isolation is the main actor: a chain of nonisolated closures runs to its end")
  func defaultMainActorCleanChain() async throws {
    let run = try await offThePool { try IsolationProbe.run("clean-chain", probe: "DefaultMainActorProbe") }
    #expect(!run.stoppedBySignal && run.status == 0, "\(run.output)")
    #expect(run.output.contains("finished, total 30"))
  }

  @Test("a module whose default isolation is the main actor: a racy subscribe stops the program")
  func defaultMainActorRacySubscribe() async throws {
    let run = try await offThePool { try IsolationProbe.run("racy-subscribe", probe: "DefaultMainActorProbe") }
    expectStopped(
      run, scenario: "racy-subscribe",
      message: "subscribe(onNext:onError:onCompleted:onDisposed:)'s closure (Int) -> () is isolated to MainActor")
  }

  private func expectStopped(_ run: IsolationProbe.Run, scenario: String, message: String) {
    // Stopped: by the trap's signal, or, under ThreadSanitizer (whose handler takes the signal and
    // may exit with its own status), by a non-zero exit.
    #expect(run.stoppedBySignal || run.status != 0, "\(scenario) ended normally:\n\(run.output)")
    #expect(run.output.contains(message), "\(scenario):\n\(run.output)")
    #expect(!run.output.contains("finished"))
  }
}

enum IsolationProbe {
  struct Run: Sendable {
    var status: Int32
    var stoppedBySignal: Bool
    var output: String
  }

  /// Runs `probe` (an executable built with the tests) with `scenario`; kills it (SIGKILL) after 30
  /// seconds.
  static func run(_ scenario: String, probe: String = "IsolationProbe") throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent(probe)
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
