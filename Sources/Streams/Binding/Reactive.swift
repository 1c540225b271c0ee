import Foundation

/// The `.rx` namespace: extend `Reactive where Base: YourType` to add reactive members to a type.
///
/// ```swift
/// extension Reactive where Base: Thermostat {
///   var temperature: Observable<Double> { base.readings.asObservable() }
/// }
/// thermostat.rx.temperature
/// ```
///
/// For every writable property of a class, `base.rx.property` is a ``Binder`` that assigns it
/// (through `@dynamicMemberLookup`).
@dynamicMemberLookup
public struct Reactive<Base> {
  /// The extended value.
  public let base: Base

  /// Wraps `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// A ``Binder`` that assigns each element to the property at `keyPath` of ``base``, on the main
  /// scheduler, while ``base`` is alive.
  public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
  where Base: AnyObject {
    // The scheduler form: the assignment touches nothing of the main actor's, only `base`.
    Binder(base, scheduler: MainScheduler()) { base, value in
      base[keyPath: keyPath] = value
    }
  }
}

/// A type with the `.rx` namespace; conform to it to get `value.rx` and `Type.rx`.
///
/// Every `NSObject` conforms.
public protocol ReactiveCompatible {
  /// The type that ``Reactive`` extends; `Self` by default.
  associatedtype ReactiveBase

  /// The `Reactive` namespace of the type, for static reactive members.
  static var rx: Reactive<ReactiveBase>.Type { get set }

  /// The `Reactive` namespace of the value.
  var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
  /// The `Reactive` namespace of the type, for static reactive members.
  ///
  /// The setter does nothing; it exists so that mutating members can be declared on ``Reactive``.
  public static var rx: Reactive<Self>.Type {
    get { Reactive<Self>.self }
    set {}
  }

  /// The `Reactive` namespace of the value.
  ///
  /// The setter does nothing; it exists so that mutating members can be declared on ``Reactive``.
  public var rx: Reactive<Self> {
    get { Reactive(self) }
    set {}
  }
}

extension NSObject: ReactiveCompatible {}
