/// The error tests send and throw: equal when the ids (or messages) are equal.
///
/// `TestError()` and `TestError(id: 2)` describe themselves as `TestError(0)` and `TestError(2)`;
/// `TestError("broken")` describes itself as `broken`, for tests that read error descriptions.
public struct TestError: Error, Equatable, CustomStringConvertible {
  /// Tells errors of one test apart.
  public var id: Int
  /// The description, when the test chose one.
  public var message: String?

  /// An error numbered `id`.
  public init(id: Int = 0) {
    self.id = id
  }

  /// An error whose description is `message`.
  public init(_ message: String) {
    self.id = 0
    self.message = message
  }

  public var description: String { message ?? "TestError(\(id))" }
}
