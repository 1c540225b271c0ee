/// The errors of RxCocoa's UI layer: RxCocoa's `RxCocoaError`.
///
/// `errorDuringSwizzling` is not a case: StreamsCocoa swizzles nothing.
// Unchecked: the payloads are RxCocoa's (`Any`: a view, a data source) and are there to be
// described; a caller that takes one out uses it where UI objects may be used, on the main actor.
public enum RxCocoaError: Error, CustomDebugStringConvertible, @unchecked Sendable {
  /// An error without more detail.
  case unknown
  /// An operation that `object` cannot perform.
  case invalidOperation(object: Any)
  /// A data source was asked for a model before any items were bound to it.
  case itemsNotYetBound(object: Any)
  /// `object` has no property named `propertyName`.
  case invalidPropertyName(object: Any, propertyName: String)
  /// `object`, found as `propertyName` of `sourceObject`, cannot be observed.
  case invalidObjectOnKeyPath(object: Any, sourceObject: AnyObject, propertyName: String)
  /// `object` is not a `targetType`.
  case castingError(object: Any, targetType: Any.Type)

  /// What went wrong, naming the object's type.
  public var debugDescription: String {
    switch self {
    case .unknown:
      return "Unknown error occurred."
    case .invalidOperation(let object):
      return "Invalid operation was attempted on a \(type(of: object))."
    case .itemsNotYetBound(let object):
      return "The data source \(type(of: object)) has no items bound yet."
    case .invalidPropertyName(let object, let propertyName):
      return "\(type(of: object)) has no property named `\(propertyName)`."
    case .invalidObjectOnKeyPath(let object, let sourceObject, let propertyName):
      return "A \(type(of: object)) found as `\(propertyName)` of a \(type(of: sourceObject)) cannot be observed."
    case .castingError(let object, let targetType):
      return "A \(type(of: object)) is not a \(targetType)."
    }
  }
}
