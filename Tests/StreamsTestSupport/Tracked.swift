/// An object whose deallocation a test observes through a weak reference.
public final class Tracked: Sendable {
  /// A new object to track.
  public init() {}
}
