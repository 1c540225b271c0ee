extension ObservableType {
  /// Folds every element into `seed` with `accumulator` and sends the result when the sequence
  /// completes.
  ///
  /// ```
  /// --1--2--3--|   reduce(0, accumulator: +)
  /// -----------(6|)
  /// ```
  public func reduce<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator, mapResult: { $0 }, isolation: isolation, file: file, line: line)
  }

  /// Folds every element into `seed`, then sends `mapResult` of the total when the sequence
  /// completes. Errors thrown by either closure end the sequence with that error.
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping (Accumulate) throws -> Result,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Result> {
    let accumulator = (isolation == nil ? accumulator : Isolation.guarded(accumulator, "reduce", isolation, file, line))
    let mapResult = (isolation == nil ? mapResult : Isolation.guarded(mapResult, "reduce", isolation, file, line))
    return step(seed) { accumulate, event, downstream in
      switch event {
      case .next(let element): accumulate = try accumulator(accumulate, element)
      case .error(let error): downstream.error(error)
      case .completed:
        downstream.next(try mapResult(accumulate))
        downstream.completed()
      }
    }
  }

  /// Collects every element and sends them as one array when the sequence completes, as a
  /// ``Single``.
  public func toArray() -> Single<[Element]> {
    Single(
      raw: step([Element]()) { elements, event, downstream in
        switch event {
        case .next(let element): elements.append(element)
        case .error(let error): downstream.error(error)
        case .completed:
          downstream.next(elements)
          downstream.completed()
        }
      })
  }
}
