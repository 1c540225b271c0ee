@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservableType {
  /// Combines the latest elements of any number of sources of any types into tuples.
  ///
  /// The variadic form of ``combineLatest(_:_:resultSelector:)`` (parameter packs need the Swift
  /// 5.9 runtime on Apple platforms; the typed overloads for 2–4 sources and the collection form
  /// work everywhere). Same completion rules.
  public static func combineLatest<each Source: ObservableConvertibleType>(_ sources: repeat each Source)
    -> Observable<Element> where Element == (repeat (each Source).Element)
  {
    var observables: [Observable<Any>] = []
    repeat observables.append((each sources).asObservable().map { $0 as Any })
    return Observable.create { observer in
      var latest = [Any?](repeating: nil, count: observables.count)
      let core = CombineLatestCore(arity: observables.count, observer: observer) {
        var index = 0
        func next<Value>(_: Value.Type) -> Value {
          defer { index += 1 }
          return latest[index] as! Value
        }
        return (repeat next((each Source).Element.self))
      }
      return Disposables.create(
        observables.enumerated().map { index, source in
          source.subscribe { core.receive($0, from: index) { latest[index] = $0 } }
        })
    }
  }

  /// Pairs up the n-th elements of any number of sources of any types into tuples.
  ///
  /// The variadic form of ``zip(_:_:resultSelector:)``; same completion rules.
  public static func zip<each Source: ObservableConvertibleType>(_ sources: repeat each Source)
    -> Observable<Element> where Element == (repeat (each Source).Element)
  {
    var observables: [Observable<Any>] = []
    repeat observables.append((each sources).asObservable().map { $0 as Any })
    return Observable.create { observer in
      var queues = [Queue<Any>](repeating: Queue(), count: observables.count)
      let core = ZipCore(arity: observables.count, observer: observer) {
        var index = 0
        func next<Value>(_: Value.Type) -> Value {
          defer { index += 1 }
          return queues[index].dequeue() as! Value
        }
        return (repeat next((each Source).Element.self))
      }
      return Disposables.create(
        observables.enumerated().map { index, source in
          source.subscribe { core.receive($0, from: index) { queues[index].enqueue($0) } }
        })
    }
  }
}
