#if canImport(ObjectiveC)
  import Foundation
  import Streams

  extension Reactive where Base: AnyObject {
    /// Sends `()` and completes when `base` is deallocated (RxCocoa's `rx.deallocated`).
    ///
    /// One ``DeallocationSignal`` is attached to the object as an associated object the first
    /// time, which the Objective-C runtime releases as the object is deallocated; no method is
    /// swizzled. (`rx.deallocating`, which runs before `dealloc`, needs swizzling: not provided.)
    public var deallocated: Observable<Void> {
      associatedObject(on: base, for: DeallocationSignal.self) { DeallocationSignal() }.deallocated
    }
  }

  extension Reactive where Base: NSObject {
    /// The values at `keyPath`, through Swift key-path KVO (`observe(_:options:changeHandler:)`),
    /// with `options` (by default the current value first, then each new one); completes when
    /// `base` is deallocated.
    ///
    /// Observe properties that are KVO-compliant (`@objc dynamic`, or Cocoa's documented ones).
    public func observe<Element>(
      _ keyPath: KeyPath<Base, Element>, options: NSKeyValueObservingOptions = [.new, .initial]
    ) -> Observable<Element> {
      // Unchecked: a key path is an immutable value; `KeyPath` is `Sendable` only with `& Sendable`.
      let path = UncheckedSendable(keyPath)
      return Observable<Element>.create { [weak base] observer in
        let observation = base?.observe(path.value, options: options) { object, _ in
          observer.on(.next(object[keyPath: path.value]))
        }
        return Disposables.create { observation?.invalidate() }
      }
      .take(until: deallocated)
    }
  }
#endif
