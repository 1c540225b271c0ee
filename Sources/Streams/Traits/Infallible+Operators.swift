import Dispatch

// Infallible-returning forms of the element operators. Each wraps the observable operator of the
// same name; the closures that RxSwift lets throw here may still end the sequence with an error.

extension InfallibleType {
  /// Passes on the elements for which `predicate` holds.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func filter(
    _ predicate: @escaping @isolated(any) (Element) -> Bool
  ) -> Infallible<Element> {
    Infallible(asObservable().filter(predicate))
  }

  /// Transforms each element; the transform cannot throw, so the result cannot fail either.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func map<Result>(
    _ transform: @escaping @isolated(any) (Element) -> Result
  ) -> Infallible<Result> {
    Infallible<Result>(asObservable().map(transform))
  }

  /// Transforms each element and passes on the non-`nil` results.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func compactMap<Result>(
    _ transform: @escaping @isolated(any) (Element) -> Result?
  ) -> Infallible<Result> {
    Infallible<Result>(asObservable().compactMap(transform))
  }

  /// Drops elements whose key equals the previous element's key.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping @isolated(any) (Element) throws -> Key
  )
    -> Infallible<Element>
  {
    let keySelector =
      Isolation.checked(keySelector, "distinctUntilChanged(_:)")
    return Infallible(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops elements that `comparer` finds equal to the previous element.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func distinctUntilChanged(
    _ comparer: @escaping @isolated(any) (Element, Element) throws -> Bool
  ) -> Infallible<Element> {
    let comparer =
      Isolation.checked(comparer, "distinctUntilChanged(_:)")
    return Infallible(asObservable().distinctUntilChanged(comparer))
  }

  /// Drops elements whose key `comparer` finds equal to the previous element's key.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping @isolated(any) (Element) throws -> Key,
    comparer: @escaping @isolated(any) (Key, Key) throws -> Bool
  ) -> Infallible<Element> {
    let name: StaticString = "distinctUntilChanged(_:comparer:)"
    let keySelector = Isolation.checked(keySelector, name)
    let comparer = Isolation.checked(comparer, name)
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
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func scan<Seed>(
    into seed: Seed, accumulator: @escaping @isolated(any) (inout Seed, Element) -> Void
  ) -> Infallible<Seed> {
    Infallible<Seed>(
      asObservable().scan(
        into: seed,
        accumulator: accumulator))
  }

  /// Sends each accumulation of the elements, starting from `seed`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func scan<Seed>(
    _ seed: Seed, accumulator: @escaping @isolated(any) (Seed, Element) -> Seed
  ) -> Infallible<Seed> {
    Infallible<Seed>(asObservable().scan(seed, accumulator: accumulator))
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
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func take(
    until predicate: @escaping @isolated(any) (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  )
    -> Infallible<Element>
  {
    let predicate =
      Isolation.checked(predicate, "take(until:behavior:)")
    return Infallible(asObservable().take(until: predicate, behavior: behavior))
  }

  /// Sends elements while `predicate` holds; see `take(while:behavior:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func take(
    while predicate: @escaping @isolated(any) (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  )
    -> Infallible<Element>
  {
    let predicate =
      Isolation.checked(predicate, "take(while:behavior:)")
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
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func skip(
    while predicate: @escaping @isolated(any) (Element) throws -> Bool
  ) -> Infallible<Element> {
    let predicate = Isolation.checked(predicate, "skip(while:)")
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
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func withLatestFrom<Source: InfallibleType, Result>(
    _ second: Source, resultSelector: @escaping @isolated(any) (Element, Source.Element) throws -> Result
  ) -> Infallible<Result> {
    Infallible<Result>(
      asObservable().withLatestFrom(
        second, resultSelector: resultSelector, reportedAs: "withLatestFrom(_:resultSelector:)"))
  }

  /// Sends the latest element of `second` for each element, once `second` sent one.
  public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
    Infallible<Source.Element>(asObservable().withLatestFrom(second))
  }
}

extension Infallible {
  /// Runs side effects for each event, subscription and disposal, then passes the events on.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func `do`(
    onNext: (@isolated(any) (Element) throws -> Void)? = nil,
    afterNext: (@isolated(any) (Element) throws -> Void)? = nil,
    onCompleted: (@isolated(any) () throws -> Void)? = nil, afterCompleted: (@isolated(any) () throws -> Void)? = nil,
    onSubscribe: (@isolated(any) () -> Void)? = nil, onSubscribed: (@isolated(any) () -> Void)? = nil,
    onDispose: (@isolated(any) () -> Void)? = nil
  ) -> Infallible<Element> {
    Infallible(
      asObservable().do(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
        onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
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
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping @isolated(any) (Object, Element) -> Out
  ) -> Infallible<Out> {
    Infallible<Out>(
      asObservable().withUnretained(
        object, resultSelector: resultSelector, reportedAs: "withUnretained(_:resultSelector:)"))
  }

  /// Pairs each element with `object`, held weakly; see `withUnretained(_:resultSelector:)`.
  public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
    Infallible<(Object, Element)>(asObservable().withUnretained(object))
  }
}
