#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the report says about where and how it ran.
enum Machine {
  /// Processors online (what `nproc` prints unless the process's affinity is restricted).
  static var processorCount: Int { sysconf(Int32(_SC_NPROCESSORS_ONLN)) }

  /// The first `model name` in /proc/cpuinfo, or "unknown".
  static var cpuModel: String {
    guard let cpuinfo = read(path: "/proc/cpuinfo") else { return "unknown" }
    for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingSpaces()
      }
    }
    return "unknown"
  }

  /// The first line `swift --version` prints (the toolchain `swift run` used), or "unknown".
  static var swiftVersion: String {
    guard let output = run("swift --version 2>/dev/null") else { return "unknown" }
    let firstLine = output.split(separator: "\n").first.map { String($0) } ?? ""
    return firstLine.isEmpty ? "unknown" : firstLine
  }

  /// The current time in UTC, as `2025-01-31 12:34 UTC`.
  static var utcDate: String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func read(path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    return readAll(file)
  }

  private static func run(_ command: String) -> String? {
    guard let pipe = popen(command, "r") else { return nil }
    let output = readAll(pipe)
    return pclose(pipe) == 0 ? output : nil
  }

  private static func readAll(_ file: UnsafeMutablePointer<FILE>) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
