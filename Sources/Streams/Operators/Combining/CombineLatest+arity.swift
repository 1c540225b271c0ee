extension ObservableType {
  /// Combines the latest elements of three sources; see `combineLatest(_:_:resultSelector:)`.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    let sources = (source1.asObservable(), source2.asObservable(), source3.asObservable())
    return Observable.create { observer in
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      let core = CombineLatestCore(arity: 3, observer: observer) { try resultSelector(v1!, v2!, v3!) }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        sources.1.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        sources.2.subscribe { core.receive($0, from: 2) { v3 = $0 } },
      ])
    }
  }

  /// Combines the latest elements of four sources; see `combineLatest(_:_:resultSelector:)`.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    let sources = (source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable())
    return Observable.create { observer in
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      var v4: O4.Element?
      let core = CombineLatestCore(arity: 4, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!) }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        sources.1.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        sources.2.subscribe { core.receive($0, from: 2) { v3 = $0 } },
        sources.3.subscribe { core.receive($0, from: 3) { v4 = $0 } },
      ])
    }
  }

  /// Combines the latest elements of five sources; see `combineLatest(_:_:resultSelector:)`.
  public static func combineLatest<
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
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      var v4: O4.Element?
      var v5: O5.Element?
      let core = CombineLatestCore(arity: 5, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!, v5!) }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        sources.1.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        sources.2.subscribe { core.receive($0, from: 2) { v3 = $0 } },
        sources.3.subscribe { core.receive($0, from: 3) { v4 = $0 } },
        sources.4.subscribe { core.receive($0, from: 4) { v5 = $0 } },
      ])
    }
  }

  /// Combines the latest elements of six sources; see `combineLatest(_:_:resultSelector:)`.
  public static func combineLatest<
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
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      var v4: O4.Element?
      var v5: O5.Element?
      var v6: O6.Element?
      let core = CombineLatestCore(arity: 6, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!, v5!, v6!) }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        sources.1.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        sources.2.subscribe { core.receive($0, from: 2) { v3 = $0 } },
        sources.3.subscribe { core.receive($0, from: 3) { v4 = $0 } },
        sources.4.subscribe { core.receive($0, from: 4) { v5 = $0 } },
        sources.5.subscribe { core.receive($0, from: 5) { v6 = $0 } },
      ])
    }
  }

  /// Combines the latest elements of seven sources; see `combineLatest(_:_:resultSelector:)`.
  public static func combineLatest<
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
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      var v4: O4.Element?
      var v5: O5.Element?
      var v6: O6.Element?
      var v7: O7.Element?
      let core = CombineLatestCore(arity: 7, observer: observer) {
        try resultSelector(v1!, v2!, v3!, v4!, v5!, v6!, v7!)
      }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        sources.1.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        sources.2.subscribe { core.receive($0, from: 2) { v3 = $0 } },
        sources.3.subscribe { core.receive($0, from: 3) { v4 = $0 } },
        sources.4.subscribe { core.receive($0, from: 4) { v5 = $0 } },
        sources.5.subscribe { core.receive($0, from: 5) { v6 = $0 } },
        sources.6.subscribe { core.receive($0, from: 6) { v7 = $0 } },
      ])
    }
  }

  /// Combines the latest elements of eight sources; see `combineLatest(_:_:resultSelector:)`.
  public static func combineLatest<
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
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      var v4: O4.Element?
      var v5: O5.Element?
      var v6: O6.Element?
      var v7: O7.Element?
      var v8: O8.Element?
      let core = CombineLatestCore(arity: 8, observer: observer) {
        try resultSelector(v1!, v2!, v3!, v4!, v5!, v6!, v7!, v8!)
      }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        sources.1.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        sources.2.subscribe { core.receive($0, from: 2) { v3 = $0 } },
        sources.3.subscribe { core.receive($0, from: 3) { v4 = $0 } },
        sources.4.subscribe { core.receive($0, from: 4) { v5 = $0 } },
        sources.5.subscribe { core.receive($0, from: 5) { v6 = $0 } },
        sources.6.subscribe { core.receive($0, from: 6) { v7 = $0 } },
        sources.7.subscribe { core.receive($0, from: 7) { v8 = $0 } },
      ])
    }
  }
}

extension ObservableType where Element == Any {
  /// Combines the latest elements of two sources into tuples.
  public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }

  /// Combines the latest elements of three sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Combines the latest elements of four sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(source1, source2, source3, source4) {
      ($0, $1, $2, $3)
    }
  }

  /// Combines the latest elements of five sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Combines the latest elements of six sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.combineLatest(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Combines the latest elements of seven sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.combineLatest(
      source1, source2, source3, source4, source5, source6, source7
    ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Combines the latest elements of eight sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType, O8: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
        ($0, $1, $2, $3, $4, $5, $6, $7)
      }
  }
}
