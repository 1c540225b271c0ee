import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 in a Python child process, one per test.
///
/// Started like the StreamsAuth OAuth server (that fixture lives in another test target, so it
/// cannot be shared): stdin is a pipe and the server exits when it closes, so it never outlives
/// the test process; stdout is a pipe read for its `LISTENING port` line; stderr goes to
/// `/dev/null`, never to the runner's output. ``stop()`` kills it with SIGKILL.
///
/// Routes: `/json` (200, `{"answer": 42}`), `/missing` (404, body `nope`), `/not-json` (200, body
/// `<html>`), `/hold` (never answers; counts the request, then the client's disconnect), and
/// `/counters` (`{"held": n, "disconnected": n}`).
final class HTTPTestServer: @unchecked Sendable {
  struct StartFailure: Error, CustomStringConvertible { var description: String }

  let baseURL: URL
  private let process: Process
  private let stdin: Pipe

  private init(baseURL: URL, process: Process, stdin: Pipe) {
    self.baseURL = baseURL
    self.process = process
    self.stdin = stdin
  }

  func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

  /// Starts a server; waits up to 20 s for it to listen.
  static func start() throws -> HTTPTestServer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", "-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw StartFailure(description: "could not run python3 (needed for the URLSession tests): \(error)")
    }
    let port = PortLine()
    let reader = Thread { port.read(from: stdout.fileHandleForReading) }
    reader.start()
    guard port.ready.wait(timeout: .now() + 20) == .success, let number = port.value,
      let baseURL = URL(string: "http://127.0.0.1:\(number)")
    else {
      kill(process.processIdentifier, SIGKILL)
      throw StartFailure(description: "the python3 HTTP test server printed no LISTENING line within 20 s")
    }
    return HTTPTestServer(baseURL: baseURL, process: process, stdin: stdin)
  }

  func stop() {
    try? stdin.fileHandleForWriting.close()
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The `/hold` counters, read without URLSession.rx (blocking; test helper only).
  func counters() throws -> (held: Int, disconnected: Int) {
    let data = try Data(contentsOf: url("counters"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Int] ?? [:]
    return (object["held"] ?? -1, object["disconnected"] ?? -1)
  }

  /// Reads the child's stdout until its `LISTENING <port>` line or end of file.
  private final class PortLine: @unchecked Sendable {
    let ready = DispatchSemaphore(value: 0)
    private(set) var value: Int?

    func read(from handle: FileHandle) {
      var buffer = Data()
      defer { ready.signal() }
      while case let chunk = handle.availableData, !chunk.isEmpty {
        buffer.append(chunk)
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          value = line.hasPrefix("LISTENING ") ? Int(line.dropFirst("LISTENING ".count)) : nil
          return
        }
      }
    }
  }

  private static let script = #"""
    import http.server, json, os, select, sys, threading
    counters = {"held": 0, "disconnected": 0}
    lock = threading.Lock()
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def reply(self, status, body, kind="application/json"):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            if self.path == "/json": self.reply(200, b'{"answer": 42}')
            elif self.path == "/missing": self.reply(404, b"nope", "text/plain")
            elif self.path == "/not-json": self.reply(200, b"<html>", "text/html")
            elif self.path == "/counters":
                with lock: body = json.dumps(counters).encode()
                self.reply(200, body)
            elif self.path == "/hold":
                with lock: counters["held"] += 1
                readable, _, _ = select.select([self.connection], [], [], 30)
                if readable and not self.connection.recv(1):
                    with lock: counters["disconnected"] += 1
            else: self.reply(500, b"unknown route", "text/plain")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    def exit_when_stdin_closes():
        sys.stdin.read()
        os._exit(0)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    print("LISTENING", server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
