/// A credential together with its ``Generation``: what an interceptor attaches and remembers.
public struct VersionedCredential: Sendable, Hashable, CustomStringConvertible {
  /// The credential.
  public let credential: Credential
  /// Its generation.
  public let generation: Generation

  /// Creates a versioned credential.
  public init(credential: Credential, generation: Generation) {
    self.credential = credential
    self.generation = generation
  }

  /// The credential's (redacted) description and the generation.
  public var description: String { "\(credential) @\(generation)" }
}
