extension ObservableType {
  /// Combines the n-th elements of four sources; see `zip(_:_:resultSelector:)`.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    let sources = (source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable())
    return Observable.create { observer in
      var q1 = Queue<O1.Element>()
      var q2 = Queue<O2.Element>()
      var q3 = Queue<O3.Element>()
      var q4 = Queue<O4.Element>()
      let core = ZipCore(arity: 4, observer: observer) {
        try resultSelector(q1.dequeue(), q2.dequeue(), q3.dequeue(), q4.dequeue())
      }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { q1.enqueue($0) } },
        sources.1.subscribe { core.receive($0, from: 1) { q2.enqueue($0) } },
        sources.2.subscribe { core.receive($0, from: 2) { q3.enqueue($0) } },
        sources.3.subscribe { core.receive($0, from: 3) { q4.enqueue($0) } },
      ])
    }
  }

  /// Combines the n-th elements of five sources; see `zip(_:_:resultSelector:)`.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    let sources = (
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable()
    )
    return Observable.create { observer in
      var q1 = Queue<O1.Element>()
      var q2 = Queue<O2.Element>()
      var q3 = Queue<O3.Element>()
      var q4 = Queue<O4.Element>()
      var q5 = Queue<O5.Element>()
      let core = ZipCore(arity: 5, observer: observer) {
        try resultSelector(q1.dequeue(), q2.dequeue(), q3.dequeue(), q4.dequeue(), q5.dequeue())
      }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { q1.enqueue($0) } },
        sources.1.subscribe { core.receive($0, from: 1) { q2.enqueue($0) } },
        sources.2.subscribe { core.receive($0, from: 2) { q3.enqueue($0) } },
        sources.3.subscribe { core.receive($0, from: 3) { q4.enqueue($0) } },
        sources.4.subscribe { core.receive($0, from: 4) { q5.enqueue($0) } },
      ])
    }
  }

  /// Combines the n-th elements of six sources; see `zip(_:_:resultSelector:)`.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
  ) -> Observable<Element> {
    let sources = (
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), source6.asObservable()
    )
    return Observable.create { observer in
      var q1 = Queue<O1.Element>()
      var q2 = Queue<O2.Element>()
      var q3 = Queue<O3.Element>()
      var q4 = Queue<O4.Element>()
      var q5 = Queue<O5.Element>()
      var q6 = Queue<O6.Element>()
      let core = ZipCore(arity: 6, observer: observer) {
        try resultSelector(q1.dequeue(), q2.dequeue(), q3.dequeue(), q4.dequeue(), q5.dequeue(), q6.dequeue())
      }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { q1.enqueue($0) } },
        sources.1.subscribe { core.receive($0, from: 1) { q2.enqueue($0) } },
        sources.2.subscribe { core.receive($0, from: 2) { q3.enqueue($0) } },
        sources.3.subscribe { core.receive($0, from: 3) { q4.enqueue($0) } },
        sources.4.subscribe { core.receive($0, from: 4) { q5.enqueue($0) } },
        sources.5.subscribe { core.receive($0, from: 5) { q6.enqueue($0) } },
      ])
    }
  }

  /// Combines the n-th elements of seven sources; see `zip(_:_:resultSelector:)`.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
  ) -> Observable<Element> {
    let sources = (
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), source6.asObservable(), source7.asObservable()
    )
    return Observable.create { observer in
      var q1 = Queue<O1.Element>()
      var q2 = Queue<O2.Element>()
      var q3 = Queue<O3.Element>()
      var q4 = Queue<O4.Element>()
      var q5 = Queue<O5.Element>()
      var q6 = Queue<O6.Element>()
      var q7 = Queue<O7.Element>()
      let core = ZipCore(arity: 7, observer: observer) {
        try resultSelector(
          q1.dequeue(), q2.dequeue(), q3.dequeue(), q4.dequeue(), q5.dequeue(), q6.dequeue(), q7.dequeue())
      }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { q1.enqueue($0) } },
        sources.1.subscribe { core.receive($0, from: 1) { q2.enqueue($0) } },
        sources.2.subscribe { core.receive($0, from: 2) { q3.enqueue($0) } },
        sources.3.subscribe { core.receive($0, from: 3) { q4.enqueue($0) } },
        sources.4.subscribe { core.receive($0, from: 4) { q5.enqueue($0) } },
        sources.5.subscribe { core.receive($0, from: 5) { q6.enqueue($0) } },
        sources.6.subscribe { core.receive($0, from: 6) { q7.enqueue($0) } },
      ])
    }
  }

  /// Combines the n-th elements of eight sources; see `zip(_:_:resultSelector:)`.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType, O8: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws
      -> Element
  ) -> Observable<Element> {
    let sources = (
      source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
      source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable()
    )
    return Observable.create { observer in
      var q1 = Queue<O1.Element>()
      var q2 = Queue<O2.Element>()
      var q3 = Queue<O3.Element>()
      var q4 = Queue<O4.Element>()
      var q5 = Queue<O5.Element>()
      var q6 = Queue<O6.Element>()
      var q7 = Queue<O7.Element>()
      var q8 = Queue<O8.Element>()
      let core = ZipCore(arity: 8, observer: observer) {
        try resultSelector(
          q1.dequeue(), q2.dequeue(), q3.dequeue(), q4.dequeue(), q5.dequeue(), q6.dequeue(), q7.dequeue(), q8.dequeue()
        )
      }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { q1.enqueue($0) } },
        sources.1.subscribe { core.receive($0, from: 1) { q2.enqueue($0) } },
        sources.2.subscribe { core.receive($0, from: 2) { q3.enqueue($0) } },
        sources.3.subscribe { core.receive($0, from: 3) { q4.enqueue($0) } },
        sources.4.subscribe { core.receive($0, from: 4) { q5.enqueue($0) } },
        sources.5.subscribe { core.receive($0, from: 5) { q6.enqueue($0) } },
        sources.6.subscribe { core.receive($0, from: 6) { q7.enqueue($0) } },
        sources.7.subscribe { core.receive($0, from: 7) { q8.enqueue($0) } },
      ])
    }
  }
}

extension ObservableType where Element == Any {
  /// Combines the n-th elements of two sources into tuples.
  public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>.zip(source1, source2) { ($0, $1) }
  }

  /// Combines the n-th elements of three sources into tuples.
  public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Combines the n-th elements of four sources into tuples.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.zip(source1, source2, source3, source4) {
      ($0, $1, $2, $3)
    }
  }

  /// Combines the n-th elements of five sources into tuples.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.zip(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Combines the n-th elements of six sources into tuples.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.zip(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Combines the n-th elements of seven sources into tuples.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.zip(
      source1, source2, source3, source4, source5, source6, source7
    ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Combines the n-th elements of eight sources into tuples.
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType, O8: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>.zip(
      source1, source2, source3, source4, source5, source6, source7, source8
    ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
  }
}
