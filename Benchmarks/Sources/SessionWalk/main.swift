// The walk of an expired token through StreamsAuth, counted by the machine instead of by hand: from
// the moment `AuthInterceptor.retry` is asked about the 401 to the end of the retried request's
// `adapt`, every entry into a function of the package's libraries (calls), the source files those
// functions are in, and every `pthread_mutex_lock` call in the process (the Swift runtime's too).
//
// Function entries are counted with SanitizerCoverage, which Swift offers beside a sanitizer only:
//   swift run --package-path Benchmarks --build-path .build-walk \
//     -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=func,trace-pc-guard SessionWalk
// A debug build, so nothing is inlined: every function, accessor, initializer and closure written
// in Sources/ counts as it is written, once per call. What the compiler makes does not count: thunks,
// the resumptions of an async function after an `await` (its "partial functions"), allocating
// entry points and deinitializers it adds, default-argument generators, autoclosures, addressors
// and `defer` blocks; neither does the benchmark's own code (its refresher, its transport). Names
// come from llvm-symbolizer and `swift demangle`. With `--functions`, every function is listed with
// its file and calls.
import Foundation
import FunctionCounter
import LockCounter
import SessionScenario
import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

guard function_counter_is_available() != 0 else {
  print("No function was instrumented: build with -sanitize=address -sanitize-coverage=func,trace-pc-guard")
  exit(2)
}

/// Whether a walk is being counted; set by the first marker, cleared by the last.
final class Walk: @unchecked Sendable {
  // Unchecked: only the request's own task touches it, one interceptor call after another.
  var isCounting = false
  var locks = 0
}

/// Starts counting when asked about the 401 (it sits before the session's interceptor, so it is
/// asked first); stops at the end of the retried attempt's adapt (it sits after).
struct Marker: RequestInterceptor {
  let walk: Walk
  let starts: Bool

  func retry(_ request: URLRequest, context: RequestContext, dueTo failure: RequestFailure) async -> RetryDecision {
    if starts, failure.response?.statusCode == 401, context.attempt == 1 {
      walk.isCounting = true
      lock_counter_start()
      function_counter_start()
    }
    return .doNotRetry
  }

  func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
    if !starts, walk.isCounting {
      function_counter_stop()
      walk.locks = lock_counter_stop()
      walk.isCounting = false
    }
    return request
  }
}

let walk = Walk()
let scenario = SessionScenario(before: [Marker(walk: walk, starts: true)], after: [Marker(walk: walk, starts: false)])
for _ in 0..<20 {
  try await scenario.signIn(expired: true)
  try await scenario.send()
}
try await scenario.signIn(expired: true)
try await scenario.send()

/// Runs `tool` with `arguments`, writes `input` to it and returns its output.
func run(_ tool: String, _ arguments: [String], input: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [tool] + arguments
  let stdin = Pipe()
  let stdout = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  let output = stdout.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: output, as: UTF8.self)
}

let entered = (0..<function_counter_guards()).compactMap { index -> (offset: UInt64, entries: UInt64)? in
  let entries = function_counter_entries(index)
  return entries > 0 ? (function_counter_offset(index), entries) : nil
}
let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
// llvm-symbolizer answers each address with two lines: the (mangled) function, then file:line:column.
let symbolized = try run(
  "llvm-symbolizer", ["--obj=\(executable)", "--no-demangle"],
  input: entered.map { "0x" + String($0.offset, radix: 16) }.joined(separator: "\n") + "\n"
).split(separator: "\n", omittingEmptySubsequences: true)
let names = try run(
  "swift", ["demangle"],
  input: stride(from: 0, to: symbolized.count, by: 2).map { String(symbolized[$0]) }.joined(separator: "\n") + "\n"
).split(separator: "\n", omittingEmptySubsequences: false)

let root =
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path + "/"
/// Parts of a demangled name that mark what the compiler made rather than the source wrote.
let compilerMade = [
  "resume partial function", "__allocating_init", "__deallocating_deinit", "default argument",
  "implicit closure", "Addressor", "$defer", "thunk", "outlined",
]
var rows: [(file: String, function: String, entries: UInt64)] = []
for (index, function) in entered.enumerated() {
  let location = symbolized[2 * index + 1]
  let name = String(names[index])
  guard let file = location.split(separator: ":").first.map(String.init), file.hasPrefix(root + "Sources/"),
    !compilerMade.contains(where: name.contains), !(name.hasSuffix(".deinit") && !name.contains("closure"))
  else { continue }
  rows.append((String(file.dropFirst(root.count)), name, function.entries))
}
rows.sort { ($0.file, $0.function) < ($1.file, $1.function) }
if CommandLine.arguments.contains("--functions") {
  for row in rows { print("\(row.entries)\t\(row.file)\t\(row.function)") }
}
let files = Set(rows.map(\.file))
print("Walk of a 401 → refresh → retry, from AuthInterceptor.retry to the retried adapt:")
print("  calls (entries into the package's functions): \(rows.reduce(0) { $0 + $1.entries })")
print("  functions: \(rows.count), files: \(files.count)")
print("  pthread_mutex_lock calls (the runtime's too): \(walk.locks)")
