import Streams

extension ObservableConvertibleType where Element: Sendable {
  /// Converts this sequence to a ``SharedSequence`` of strategy `S` that, on error, sends
  /// `onErrorJustReturn` and completes.
  public func asSharedSequence<S>(sharingStrategy _: S.Type = S.self, onErrorJustReturn: Element)
    -> SharedSequence<S, Element>
  {
    SharedSequence(asObservable().observe(on: S.scheduler).catchAndReturn(onErrorJustReturn))
  }

  /// Converts this sequence to a ``SharedSequence`` of strategy `S` that, on error, continues
  /// with `onErrorDriveWith`.
  public func asSharedSequence<S>(
    sharingStrategy _: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
  ) -> SharedSequence<S, Element> {
    SharedSequence(asObservable().observe(on: S.scheduler).catch { _ in onErrorDriveWith.asObservable() })
  }

  /// Converts this sequence to a ``SharedSequence`` of strategy `S` that, on error, continues
  /// with the shared sequence `onErrorRecover` returns for it.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func asSharedSequence<S>(
    sharingStrategy _: S.Type = S.self,
    onErrorRecover: @escaping @isolated(any) (_ error: Swift.Error) -> SharedSequence<S, Element>
  ) -> SharedSequence<S, Element> {
    let onErrorRecover = Isolation.checked(onErrorRecover, "asSharedSequence(sharingStrategy:onErrorRecover:)")
    return SharedSequence(asObservable().observe(on: S.scheduler).catch { onErrorRecover($0).asObservable() })
  }
}
