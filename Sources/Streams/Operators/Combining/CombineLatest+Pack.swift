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
    repeat observables.append(erasingElements(of: each sources))
    return Observable.create { observer in
      var latest = [Any?](repeating: nil, count: observables.count)
      let core = CombineLatestCore(arity: observables.count, observer: observer) {
        var cursor = PackCursor(latest.map { $0! })
        return (repeat cursor.next((each Source).Element.self))
      }
      return Disposables.create(
        observables.enumerated().map { index, source in
          source.subscribe { core.receive($0, from: index) { latest[index] = $0 } }
        })
    }
  }

  /// Pairs up the n-th elements of any number of sources of any types into tuples.
  ///
  /// The variadic form of `zip(_:_:resultSelector:)`; same completion rules.
  public static func zip<each Source: ObservableConvertibleType>(_ sources: repeat each Source)
    -> Observable<Element> where Element == (repeat (each Source).Element)
  {
    var observables: [Observable<Any>] = []
    repeat observables.append(erasingElements(of: each sources))
    return Observable.create { observer in
      var queues = [Queue<Any>](repeating: Queue(), count: observables.count)
      let core = ZipCore(arity: observables.count, observer: observer) {
        var cursor = PackCursor(queues.indices.map { queues[$0].dequeue() })
        return (repeat cursor.next((each Source).Element.self))
      }
      return Disposables.create(
        observables.enumerated().map { index, source in
          source.subscribe { core.receive($0, from: index) { queues[index].enqueue($0) } }
        })
    }
  }
}

/// The source's elements as `Any`, for the pack forms' array of sources.
///
/// A generic function rather than a closure written inside the `repeat` expansion: a closure there
/// crashes the compiler's cross-module-optimization pass (see ``PackCursor``).
private func erasingElements<Source: ObservableConvertibleType>(of source: Source) -> Observable<Any> {
  source.asObservable().map { $0 as Any }
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
