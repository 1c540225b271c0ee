import Foundation

extension NSLock {
  /// Runs `body` with the lock held.
  ///
  /// Foundation's `withLock` needs macOS 14 / iOS 17 on Apple platforms; Streams deploys to iOS 13.
  @inline(__always)
  func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
