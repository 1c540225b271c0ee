#if canImport(ObjectiveC)
  import Foundation
  import Streams

  extension Reactive where Base: NSObject {
    /// The values at the string `keyPath` (RxCocoa's `observe(_:_:options:retainSelf:)`), by
    /// Foundation's key-value observing: each change's new value as `Element` (`nil` when it is
    /// `nil`, `NSNull` or another type), the current one first with the default `options`.
    ///
    /// With `retainSelf` the object is kept alive while subscribed; without it, observe only
    /// paths that end before the object does (a parent's), as in RxCocoa; or use
    /// ``observeWeakly(_:_:options:)``.
    public func observe<Element>(
      _ type: Element.Type, _ keyPath: String, options: NSKeyValueObservingOptions = [.new, .initial],
      retainSelf: Bool = true
    ) -> Observable<Element?> {
      // Unchecked: a KVO registration is thread-safe; the object is only registered and
      // unregistered with, never otherwise touched here. Without `retainSelf` the sequence holds it
      // weakly too: a subscription after it is deallocated completes at once.
      let target = UncheckedSendable(ObservedObject(base, retained: retainSelf))
      return Observable<Element?>.create { observer in
        guard let object = target.value.object else {
          observer.on(.completed)
          return Disposables.create()
        }
        let registration = KeyValueObserver(
          observing: object, keyPath: keyPath, options: options, retaining: retainSelf
        ) { value in observer.on(.next(value as? Element)) }
        return Disposables.create { registration.invalidate() }
      }
    }
  }

  extension Reactive where Base: NSObject {
    /// The values at the string `keyPath` (RxCocoa's `observeWeakly(_:_:options:)`), holding the
    /// object and each object along the path weakly: like ``observe(_:_:options:retainSelf:)``,
    /// and a component whose object is deallocated (a `weak` property's) reads as `nil` from then
    /// on. Completes when `base` is deallocated.
    ///
    /// Each component of a dotted path is observed on the object the one before it holds (`self`
    /// components are skipped). RxCocoa sends the `nil` as the object starts deallocating, which
    /// needs `dealloc` swizzled; here it is sent once the object is deallocated (`rx.deallocated`).
    public func observeWeakly<Element>(
      _ type: Element.Type, _ keyPath: String, options: NSKeyValueObservingOptions = [.new, .initial]
    ) -> Observable<Element?> {
      let components = keyPath.split(separator: ".").map(String.init).filter { $0 != "self" }
      return Self.values(of: base, along: components[...], options: options)
        .take(until: deallocated)
        .map { $0 as? Element }
    }

    /// The value at `components` of `object`, observed weakly, level by level.
    private static func values(
      of object: NSObject, along components: ArraySlice<String>, options: NSKeyValueObservingOptions
    ) -> Observable<Any?> {
      guard let first = components.first else { return .just(object) }
      let rest = components.dropFirst()
      let changes = object.rx.observe(AnyObject.self, first, options: options, retainSelf: false)
      return changes.flatMapLatest { value -> Observable<Any?> in
        guard let child = value as? NSObject else {
          return rest.isEmpty ? .just(value) : .just(nil)
        }
        // The child is held weakly here too, so that it can be deallocated while observed.
        let weakChild = UncheckedSendable(ObservedObject(child, retained: false))
        let inner =
          rest.isEmpty
          ? Observable<Any?>.deferred { .just(weakChild.value.object) }
          : Self.values(of: child, along: rest, options: options)
        // A weak property's object reads as nil once it is deallocated (KVO does not say so).
        return inner.concat(Observable.never()).take(until: child.rx.deallocated).concat(Observable.just(nil))
      }
    }
  }

  /// An observed object, held strongly or weakly.
  private struct ObservedObject {
    private let strong: NSObject?
    private weak var weak: NSObject?

    init(_ object: NSObject, retained: Bool) {
      strong = retained ? object : nil
      weak = object
    }

    var object: NSObject? { strong ?? weak }
  }

  /// One key-value observer registration: hands each change's new value to `handler`, until
  /// ``invalidate()``.
  private final class KeyValueObserver: NSObject, @unchecked Sendable {
    // Unchecked: `observed` (the object while registered, `nil` once invalidated) is only read or
    // changed under its lock; `handler` and `keyPath` are constants.
    private let observed: LockedState<ObservedObject?>
    private let keyPath: String
    private let handler: (Any?) -> Void

    init(
      observing target: NSObject, keyPath: String, options: NSKeyValueObservingOptions, retaining: Bool,
      handler: @escaping (Any?) -> Void
    ) {
      self.keyPath = keyPath
      self.handler = handler
      self.observed = LockedState(ObservedObject(target, retained: retaining))
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
        defer { observed = nil }
        return observed?.object
      }
      target?.removeObserver(self, forKeyPath: keyPath, context: nil)
    }
  }
#endif
