/// Factories for the common disposables.
public enum Disposables {
  /// A disposable that does nothing when disposed.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func create() -> Disposable { NopDisposable.instance }

  /// A disposable that runs `dispose` once, on the first ``Disposable/dispose()``, then releases it.
  public static func create(
    with dispose: @escaping @isolated(any) () -> Void
  ) -> Cancelable {
    AnonymousDisposable(
      Isolation.checked(dispose, "Disposables.create(with:)"))
  }

  /// A disposable that disposes both `first` and `second`, once.
  public static func create(_ first: Disposable, _ second: Disposable) -> Cancelable {
    BinaryDisposable(first, second)
  }

  /// A disposable that disposes the three given disposables, once.
  public static func create(_ first: Disposable, _ second: Disposable, _ third: Disposable) -> Cancelable {
    CompositeDisposable(first, second, third)
  }

  /// A disposable that disposes all the given disposables (three or more), once.
  public static func create(
    _ first: Disposable, _ second: Disposable, _ third: Disposable, _ disposables: Disposable...
  ) -> Cancelable {
    CompositeDisposable(disposables: [first, second, third] + disposables)
  }

  /// A disposable that disposes every one of `disposables`, once.
  public static func create(_ disposables: [Disposable]) -> Cancelable {
    switch disposables.count {
    case 2: return BinaryDisposable(disposables[0], disposables[1])
    default: return CompositeDisposable(disposables: disposables)
    }
  }
}
