#if canImport(ObjectiveC)
  import Foundation
  import Streams

  extension Reactive where Base: NSObject {
    /// The values at the string `keyPath` (RxCocoa's `observe(_:_:options:retainSelf:)`), by
    /// Foundation's key-value observing: each change's new value as `Element` (`nil` when it is
    /// `nil`, `NSNull` or another type), the current one first with the default `options`.
    ///
    /// With `retainSelf` the object is kept alive while subscribed; without it, observe only
    /// paths that end before the object does (a parent's), as in RxCocoa. `observeWeakly`, which
    /// needs `dealloc` swizzled, is not provided.
    public func observe<Element>(
      _ type: Element.Type, _ keyPath: String, options: NSKeyValueObservingOptions = [.new, .initial],
      retainSelf: Bool = true
    ) -> Observable<Element?> {
      // Unchecked: a KVO registration is thread-safe; the object is only registered and
      // unregistered with, never otherwise touched here.
      let target = UncheckedSendable(base)
      return Observable<Element?>.create { observer in
        let registration = KeyValueObserver(
          observing: target.value, keyPath: keyPath, options: options, retaining: retainSelf
        ) { value in observer.on(.next(value as? Element)) }
        return Disposables.create { registration.invalidate() }
      }
    }
  }

  /// One key-value observer registration: hands each change's new value to `handler`, until
  /// ``invalidate()``.
  private final class KeyValueObserver: NSObject, @unchecked Sendable {
    // Unchecked: `observed` is only read or changed under its lock; `handler` and `keyPath` are
    // constants.
    private let observed: LockedState<Observed>
    private let keyPath: String
    private let handler: (Any?) -> Void

    /// The observed object while registered: held strongly or weakly; both `nil` once invalidated.
    private struct Observed {
      var strong: NSObject?
      weak var weak: NSObject?
    }

    init(
      observing target: NSObject, keyPath: String, options: NSKeyValueObservingOptions, retaining: Bool,
      handler: @escaping (Any?) -> Void
    ) {
      self.keyPath = keyPath
      self.handler = handler
      self.observed = LockedState(Observed(strong: retaining ? target : nil, weak: target))
      super.init()
      target.addObserver(self, forKeyPath: keyPath, options: options, context: nil)
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      let value = change?[.newKey]
      handler(value is NSNull ? nil : value)
    }

    func invalidate() {
      let target = observed.withLock { observed in
        defer { observed = Observed() }
        return observed.strong ?? observed.weak
      }
      target?.removeObserver(self, forKeyPath: keyPath, context: nil)
    }
  }
#endif
