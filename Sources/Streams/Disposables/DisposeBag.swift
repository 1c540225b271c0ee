/// Collects disposables and disposes them all when the bag is deallocated.
///
/// The usual pattern keeps a bag in an owner and replaces the bag to drop every subscription:
/// ```swift
/// var disposeBag = DisposeBag()
/// subject.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
/// disposeBag = DisposeBag()   // disposes the subscription
/// ```
/// A disposable inserted into a bag that was already emptied by deallocation is disposed at once.
public final class DisposeBag: @unchecked Sendable {
  // Unchecked: `disposables` and `isDisposed` are read and written only under `lock`.
  private let resource = ResourceToken()
  private let lock = Lock.make()
  private var disposables: [Disposable] = []
  private var isDisposed = false

  /// Creates an empty bag.
  public init() {}

  /// Creates a bag that holds `disposables`.
  public init(disposing disposables: Disposable...) {
    self.disposables = disposables
  }

  /// Creates a bag that holds the disposables built by `builder`.
  public init(@DisposableBuilder builder: () -> [Disposable]) {
    self.disposables = builder()
  }

  /// Creates a bag that holds `disposables`.
  public init(disposing disposables: [Disposable]) {
    self.disposables = disposables
  }

  /// Adds `disposable`, to be disposed with the bag.
  public func insert(_ disposable: Disposable) {
    insert([disposable])
  }

  /// Adds several disposables at once.
  public func insert(_ disposables: Disposable...) {
    insert(disposables)
  }

  /// Adds the disposables built by `builder`.
  public func insert(@DisposableBuilder builder: () -> [Disposable]) {
    insert(builder())
  }

  /// Adds `disposables`; they are disposed at once if the bag is already disposed.
  public func insert(_ disposables: [Disposable]) {
    let accepted = lock.withLock { () -> Bool in
      if isDisposed { return false }
      self.disposables.append(contentsOf: disposables)
      return true
    }
    if !accepted { disposables.forEach { $0.dispose() } }
  }

  private func dispose() {
    let disposables: [Disposable] = lock.withLock {
      defer {
        self.disposables = []
        isDisposed = true
      }
      return self.disposables
    }
    for disposable in disposables { disposable.dispose() }
  }

  deinit { dispose() }
}

/// Builds a list of disposables from statements, for ``DisposeBag/init(builder:)``.
@resultBuilder
public enum DisposableBuilder {
  /// Collects the disposables of a block.
  public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
}

extension Disposable {
  /// Adds this disposable to `bag`, so it is disposed when the bag is deallocated.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}
