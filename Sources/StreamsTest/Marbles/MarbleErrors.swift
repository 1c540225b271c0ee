/// The error a `#` in a marble diagram sends when the diagram's `errors` map does not name one.
///
/// Two `MarbleError`s with the same message are equal, also as recorded `.error` events.
public struct MarbleError: Swift.Error, Hashable, Sendable, CustomStringConvertible {
  /// The text of the error; `"marble error"` by default.
  public let message: String

  /// Creates an error with the given message.
  public init(_ message: String = "marble error") {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// Why a marble diagram could not be read, and where.
///
/// Thrown by ``Marbles/parse(_:values:errors:frameDuration:startTime:)`` and the marble forms of
/// `createHotObservable` and `createColdObservable`. The description quotes the diagram and points
/// at the offending character:
///
/// ```
/// Malformed marble diagram: no value given for 'x'; add it to `values`.
///   --a--x--|
///        ^
/// ```
public struct MarbleSyntaxError: Swift.Error, Hashable, Sendable, CustomStringConvertible {
  /// The diagram as given.
  public let diagram: String

  /// The position of the offending character, counted in `Character`s from the start of
  /// ``diagram`` (spaces included); `nil` when the problem is not one character.
  public let offset: Int?

  /// What is wrong, in one sentence.
  public let reason: String

  /// Creates an error for `diagram`.
  public init(diagram: String, offset: Int?, reason: String) {
    self.diagram = diagram
    self.offset = offset
    self.reason = reason
  }

  /// The reason, the diagram, and a caret under the offending character.
  public var description: String {
    var text = "Malformed marble diagram: \(reason)\n  \(diagram)"
    if let offset { text += "\n  " + String(repeating: " ", count: offset) + "^" }
    return text
  }
}
