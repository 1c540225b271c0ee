// What ErrorHandling.md takes for granted: the app's logger.
struct Logger: Sendable {
  func error(_ message: String) {}
}

let logger = Logger()
