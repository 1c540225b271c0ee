/// A group of disposables that are disposed together; members can be added and removed.
///
/// Inserting into a disposed group disposes the newcomer at once and returns `nil`.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: `members` and `nextKey` are read and written only under `lock`.
  private let resource = ResourceToken()
  /// A handle for removing one member with ``remove(for:)``.
  public struct DisposeKey: Hashable, Sendable {
    fileprivate let value: Int
  }

  private let lock = Lock.make()
  private var members: [Int: Disposable]? = [:]
  private var nextKey = 0

  /// Creates an empty group.
  public init() {}

  /// Creates a group holding `disposables`.
  public init(_ disposables: Disposable...) {
    add(disposables)
  }

  /// Creates a group holding `disposables`.
  public init(disposables: [Disposable]) {
    add(disposables)
  }

  private func add(_ disposables: [Disposable]) {
    for disposable in disposables {
      members![nextKey] = disposable
      nextKey += 1
    }
  }

  /// Whether the group has been disposed.
  public var isDisposed: Bool { lock.withLock { members == nil } }

  /// The number of members not yet removed or disposed.
  public var count: Int { lock.withLock { members?.count ?? 0 } }

  /// Adds `disposable`; returns its key, or `nil` (after disposing it) when the group is disposed.
  @discardableResult
  public func insert(_ disposable: Disposable) -> DisposeKey? {
    let key: DisposeKey? = lock.withLock {
      guard members != nil else { return nil }
      let key = DisposeKey(value: nextKey)
      nextKey += 1
      members![key.value] = disposable
      return key
    }
    if key == nil { disposable.dispose() }
    return key
  }

  /// Removes the member for `key` and disposes it.
  public func remove(for key: DisposeKey) {
    let removed = lock.withLock { members?.removeValue(forKey: key.value) }
    removed?.dispose()
  }

  /// Disposes every member (in insertion order) and releases them.
  public func dispose() {
    let disposed: [Int: Disposable]? = lock.withLock {
      defer { members = nil }
      return members
    }
    guard let disposed else { return }
    for key in disposed.keys.sorted() { disposed[key]!.dispose() }
  }
}
