/// One log line of StreamsAuth. Tokens never appear in it: credentials are logged through their
/// redacted descriptions only.
public struct AuthLogMessage: Sendable, CustomStringConvertible {
  /// How important the line is.
  public enum Level: Sendable, Hashable, Comparable {
    /// Routine progress (refresh started, succeeded).
    case debug
    /// Something a developer should notice (a refresh failed, a result was discarded).
    case warning
    /// Something failed that the app may need to handle (storage failed).
    case error
  }

  /// How important the line is.
  public let level: Level
  /// The text.
  public let text: String

  /// Creates a message.
  public init(level: Level, text: String) {
    self.level = level
    self.text = text
  }

  /// `[level] text`.
  public var description: String { "[\(level)] \(text)" }
}

/// Receives StreamsAuth's log lines; called from any thread, never under a lock.
public typealias AuthLogHandler = @Sendable (AuthLogMessage) -> Void
