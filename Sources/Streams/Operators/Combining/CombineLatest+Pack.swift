@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservableType {
  /// Combines the latest elements of any number of sources of any types into tuples.
  ///
  /// The variadic form of `combineLatest(_:_:resultSelector:)` (parameter packs need the Swift
  /// 5.9 runtime on Apple platforms; the typed overloads for 2–4 sources and the collection form
  /// work everywhere). Same completion rules.
  public static func combineLatest<each Source: ObservableConvertibleType>(_ sources: repeat each Source)
    -> Observable<Element> where Element == (repeat (each Source).Element)
  {
    var observables: [Observable<Any>] = []
    repeat observables.append((each sources).erased)
    return combineLatest(observables) {
      var cursor = PackCursor($0)
      return (repeat cursor.next((each Source).Element.self))
    }
  }

  /// Pairs up the n-th elements of any number of sources of any types into tuples.
  ///
  /// The variadic form of `zip(_:_:resultSelector:)`; same completion rules.
  public static func zip<each Source: ObservableConvertibleType>(_ sources: repeat each Source)
    -> Observable<Element> where Element == (repeat (each Source).Element)
  {
    var observables: [Observable<Any>] = []
    repeat observables.append((each sources).erased)
    return zip(erased: observables) {
      var cursor = PackCursor($0)
      return (repeat cursor.next((each Source).Element.self))
    }
  }
}

/// Reads type-erased values back, in order, into the elements of a parameter-pack tuple.
///
/// A struct with a mutating method rather than a local function that captures an index: the
/// local-function form crashes the compiler's cross-module-optimization pass (Swift 6.3,
/// `-cross-module-optimization`: "Abstract conformance with bad subject type" on the pack archetype).
struct PackCursor {
  private let values: [Any]
  private var index = 0

  init(_ values: [Any]) { self.values = values }

  mutating func next<Value>(_: Value.Type) -> Value {
    defer { index += 1 }
    return values[index] as! Value
  }
}
