import Foundation
import Testing

/// Compiles the programs in `Programs/` with `swiftc -typecheck -verify` in the Swift 5 and the
/// Swift 6 language mode, against the Streams modules this test run was built with. Each program
/// states the diagnostics it expects (`expected-swift6-error {{…}}`, `expected-swift6-warning`,
/// `expected-swift6-note`, or plain `expected-…` for both modes), and `-verify` fails on any
/// diagnostic not stated, so a program without annotations asserts that it compiles clean.
// Serialized, with each compiler run waited for on a Dispatch thread: the runs would otherwise fill
// the cooperative pool's threads (two on a two-core machine) for seconds at a time.
@Suite("Isolation: what compiles in Swift 5 and Swift 6 mode", .serialized)
struct IsolationProgramTests {
  static let programs: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".swift") }.sorted()
  }()

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Programs")

  @Test("the programs are found")
  func programsFound() {
    #expect(Self.programs.count >= 5, "no programs in \(Self.directory.path)")
  }

  @Test("each program's diagnostics are exactly the stated ones", arguments: programs, [5, 6])
  func diagnostics(program: String, mode: Int) async throws {
    let file = Self.directory.appendingPathComponent(program)
    let result = try await offThePool { try Swiftc.typecheck(file, languageMode: mode) }
    #expect(result.status == 0, "swiftc -swift-version \(mode) \(program):\n\(result.output)")
  }
}

/// `swiftc`, run on one file against the modules next to this test binary.
enum Swiftc {
  struct Result: Sendable {
    var status: Int32
    var output: String
  }

  /// The build's module directory: the test binary sits in the build folder (`.build/debug`),
  /// whose `Modules` holds every target's `.swiftmodule`.
  static var modules: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("Modules")
  }

  static func typecheck(_ file: URL, languageMode: Int) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "\(languageMode)", "-I", modules.path,
      "-Xfrontend", "-verify", "-Xfrontend", "-verify-additional-prefix", "-Xfrontend", "swift\(languageMode)-",
      file.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}

/// Runs `work`, which blocks (waiting for a process), on a Dispatch thread rather than on one of
/// the cooperative pool's few threads.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
  }
}
