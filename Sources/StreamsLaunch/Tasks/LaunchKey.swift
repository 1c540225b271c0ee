/// What makes two enqueued tasks duplicates of each other.
///
/// While a task with a given key is waiting to start, enqueueing another one with the same key
/// does not add a second copy: the ``LaunchDuplicatePolicy`` of the call decides which one stays.
/// Only waiting tasks count; once a task has started, the same key can be enqueued again (a failed
/// login may re-enqueue "check my information" even though it already ran).
///
/// A task's key is its name unless you give another one. Use ``unique`` for tasks that must never
/// be merged, such as one task per push payload.
///
/// ```swift
/// queue.enqueue(.openURL, parameter: url, key: "open-url", onDuplicate: .replaceExisting)
/// queue.enqueue(.handlePush, parameter: payload, key: .unique)
/// ```
public struct LaunchKey: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  enum Storage: Hashable, Sendable {
    case named(String)
    case unique
  }

  let storage: Storage

  /// A key that equals every other key made from the same `name`.
  public init(_ name: String) {
    storage = .named(name)
  }

  /// A key made from a string literal, as ``init(_:)``.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// A key that is never a duplicate of any other: every enqueue with it adds a task.
  public static let unique = LaunchKey(storage: .unique)

  /// The key's name, or `nil` for ``unique``.
  public var name: String? {
    if case .named(let name) = storage { return name }
    return nil
  }

  /// The name, or `unique`.
  public var description: String { name ?? "unique" }
}
