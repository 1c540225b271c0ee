/// A task's key that also names the type of the value the task produces, so that the tasks that
/// need it read the value typed.
///
/// Declare each one once, enqueue the producing task with it, and name it in the dependents' `needs`:
///
/// ```swift
/// enum Results {
///   static let session = LaunchResultKey<Session>("login")
/// }
/// queue.enqueue(LaunchTask(.login, produces: Results.session) { _ in try await auth.logIn() })
/// queue.enqueue(LaunchTask(.userInfo, needs: [Results.session.key]) { context in
///   let session = try context.result(of: Results.session)  // a Session, no casting
///   try await api.loadUser(session)
/// })
/// ```
///
/// Two result keys with the same name are the same ``LaunchKey``: de-duplication and dependencies
/// see one task. Reading a result with a key of another `Value` type throws
/// ``LaunchDependencyError/noResult(task:dependency:expected:)``.
public struct LaunchResultKey<Value: Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The plain key: what de-duplicates the producing task and what dependents list in `needs`.
  public let key: LaunchKey

  /// A result key named `name`; its ``key`` equals `LaunchKey(name)`.
  public init(_ name: String) {
    key = LaunchKey(name)
  }

  /// The name, followed by the value's type, as in `login: Session`.
  public var description: String { "\(key): \(Value.self)" }
}
