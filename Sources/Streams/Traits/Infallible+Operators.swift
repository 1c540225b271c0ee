import Dispatch

// Infallible-returning forms of the element operators. Each wraps the observable operator of the
// same name; the closures that RxSwift lets throw here may still end the sequence with an error.

extension InfallibleType {
  /// Passes on the elements for which `predicate` holds.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func filter(
    _ predicate: @escaping (Element) -> Bool, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Infallible<Element> {
    Infallible(asObservable().filter(predicate, isolation: isolation, file: file, line: line))
  }

  /// Transforms each element; the transform cannot throw, so the result cannot fail either.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func map<Result>(
    _ transform: @escaping (Element) -> Result, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Infallible<Result> {
    Infallible<Result>(asObservable().map(transform, isolation: isolation, file: file, line: line))
  }

  /// Transforms each element and passes on the non-`nil` results.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func compactMap<Result>(
    _ transform: @escaping (Element) -> Result?, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Infallible<Result> {
    Infallible<Result>(asObservable().compactMap(transform, isolation: isolation, file: file, line: line))
  }

  /// Drops elements whose key equals the previous element's key.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping (Element) throws -> Key, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  )
    -> Infallible<Element>
  {
    let keySelector =
      (isolation == nil
        ? keySelector : Isolation.guarded(keySelector, "distinctUntilChanged(_:)", isolation, file, line))
    return Infallible(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops elements that `comparer` finds equal to the previous element.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func distinctUntilChanged(
    _ comparer: @escaping (Element, Element) throws -> Bool, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Element> {
    let comparer =
      (isolation == nil ? comparer : Isolation.guarded(comparer, "distinctUntilChanged(_:)", isolation, file, line))
    return Infallible(asObservable().distinctUntilChanged(comparer))
  }

  /// Drops elements whose key `comparer` finds equal to the previous element's key.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Element> {
    let name: StaticString = "distinctUntilChanged(_:comparer:)"
    let keySelector = (isolation == nil ? keySelector : Isolation.guarded(keySelector, name, isolation, file, line))
    let comparer = (isolation == nil ? comparer : Isolation.guarded(comparer, name, isolation, file, line))
    return Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
  }

  /// Drops elements whose property at `keyPath` equals the previous element's.
  public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
    -> Infallible<Element>
  {
    Infallible(asObservable().distinctUntilChanged(at: keyPath))
  }

  /// Sends each accumulation of the elements, starting from `seed`, mutated in place.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func scan<Seed>(
    into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Seed> {
    Infallible<Seed>(
      asObservable().scan(
        into: seed,
        accumulator: IsolationCheck.guardedInout(accumulator, "scan(into:accumulator:)", isolation, file, line)))
  }

  /// Sends each accumulation of the elements, starting from `seed`.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func scan<Seed>(
    _ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Seed> {
    let accumulator =
      (isolation == nil ? accumulator : Isolation.guarded(accumulator, "scan(_:accumulator:)", isolation, file, line))
    return Infallible<Seed>(asObservable().scan(seed, accumulator: accumulator))
  }

  /// Sends `element` first, then the elements of this sequence.
  public func startWith(_ element: Element) -> Infallible<Element> {
    Infallible(asObservable().startWith(element))
  }

  /// Sends elements until `other` sends an element (or completes, as for observables).
  public func take<Other: ObservableConvertibleType>(until other: Other) -> Infallible<Element> {
    Infallible(asObservable().take(until: other))
  }

  /// Sends elements until `predicate` holds; see `take(until:behavior:)`.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func take(
    until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  )
    -> Infallible<Element>
  {
    let predicate =
      (isolation == nil ? predicate : Isolation.guarded(predicate, "take(until:behavior:)", isolation, file, line))
    return Infallible(asObservable().take(until: predicate, behavior: behavior))
  }

  /// Sends elements while `predicate` holds; see `take(while:behavior:)`.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func take(
    while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  )
    -> Infallible<Element>
  {
    let predicate =
      (isolation == nil ? predicate : Isolation.guarded(predicate, "take(while:behavior:)", isolation, file, line))
    return Infallible(asObservable().take(while: predicate, behavior: behavior))
  }

  /// Sends the first `count` elements, then completes.
  public func take(_ count: Int) -> Infallible<Element> {
    Infallible(asObservable().take(count))
  }

  /// Sends the elements of the first `duration`, then completes.
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
    Infallible(asObservable().take(for: duration, scheduler: scheduler))
  }

  /// Drops elements while `predicate` holds, then sends the rest.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func skip(
    while predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Element> {
    let predicate = (isolation == nil ? predicate : Isolation.guarded(predicate, "skip(while:)", isolation, file, line))
    return Infallible(asObservable().skip(while: predicate))
  }

  /// Drops elements until `other` sends an element.
  public func skip<Other: ObservableConvertibleType>(until other: Other) -> Infallible<Element> {
    Infallible(asObservable().skip(until: other))
  }

  /// Shares one subscription to this sequence; see ``ObservableType/share(replay:scope:)``.
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
    Infallible(asObservable().share(replay: replay, scope: scope))
  }

  /// Combines each element with the latest element of `second`, once it sent one.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func withLatestFrom<Source: InfallibleType, Result>(
    _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> Result,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Result> {
    Infallible<Result>(
      asObservable().withLatestFrom(
        second, resultSelector: resultSelector, reportedAs: "withLatestFrom(_:resultSelector:)", isolation: isolation,
        file: file, line: line))
  }

  /// Sends the latest element of `second` for each element, once `second` sent one.
  public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
    Infallible<Source.Element>(asObservable().withLatestFrom(second))
  }
}

extension Infallible {
  /// Runs side effects for each event, subscription and disposal, then passes the events on.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil, afterNext: ((Element) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil, afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Element> {
    Infallible(
      asObservable().do(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
        onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, isolation: isolation, file: file,
        line: line))
  }
}

extension InfallibleType where Element: Sendable {
  /// Sends an element only once `dueTime` passed without a newer one; see
  /// ``ObservableType/debounce(_:scheduler:)``.
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
    Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
  }

  /// Sends at most one element per `dueTime`; see ``ObservableType/throttle(_:latest:scheduler:)``.
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType)
    -> Infallible<Element>
  {
    Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
  }
}

extension InfallibleType where Element: Equatable {
  /// Drops elements equal to the previous element.
  public func distinctUntilChanged() -> Infallible<Element> {
    Infallible(asObservable().distinctUntilChanged())
  }
}

extension InfallibleType {
  /// Combines each element with `object`, held weakly; completes at the first element that
  /// arrives after `object` was deallocated. See `withUnretained(_:resultSelector:)`.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) -> Out,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Out> {
    Infallible<Out>(
      asObservable().withUnretained(
        object, resultSelector: resultSelector, reportedAs: "withUnretained(_:resultSelector:)", isolation: isolation,
        file: file, line: line))
  }

  /// Pairs each element with `object`, held weakly; see `withUnretained(_:resultSelector:)`.
  public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
    Infallible<(Object, Element)>(asObservable().withUnretained(object))
  }
}
