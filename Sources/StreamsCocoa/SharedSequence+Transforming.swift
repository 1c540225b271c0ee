import Foundation
import Streams

extension SharedSequenceConvertibleType {
  /// Transforms each element with `selector`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func map<Result>(
    _ selector: @escaping @isolated(any) (Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().map(selector))
  }

  /// Transforms each element with `selector` and passes on the non-`nil` results.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func compactMap<Result>(
    _ selector: @escaping @isolated(any) (Element) -> Result?
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().compactMap(selector))
  }

  /// Passes on the elements for which `predicate` holds.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func filter(
    _ predicate: @escaping @isolated(any) (Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().filter(predicate))
  }

  /// Sends each intermediate result of folding the elements into `seed` with `accumulator`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func scan<A>(_ seed: A, accumulator: @escaping @isolated(any) (A, Element) -> A) -> SharedSequence<
    SharingStrategy, A
  > {
    SharedSequence(asObservable().scan(seed, accumulator: accumulator))
  }

  /// Sends `element` first, then the elements of this sequence.
  public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().startWith(element))
  }

  /// Drops the first `count` elements.
  public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().skip(count))
  }

  /// Calls the given closures for side effects as events pass, without changing the sequence.
  ///
  /// The closures run once per connection, not once per subscriber: they sit before the
  /// sharing.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func `do`(
    onNext: (@isolated(any) (Element) -> Void)? = nil, afterNext: (@isolated(any) (Element) -> Void)? = nil,
    onCompleted: (@isolated(any) () -> Void)? = nil,
    afterCompleted: (@isolated(any) () -> Void)? = nil, onSubscribe: (@isolated(any) () -> Void)? = nil,
    onSubscribed: (@isolated(any) () -> Void)? = nil,
    onDispose: (@isolated(any) () -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      asObservable().do(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
        onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
  }

  /// Prints every event, subscription and disposal, tagged with `identifier` (by default the
  /// file, line and function of the call), without changing the sequence.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
    function: String = #function
  ) -> SharedSequence<SharingStrategy, Element> {
    let name = identifier ?? "\(URL(fileURLWithPath: file).lastPathComponent):\(line) (\(function))"
    return SharedSequence(asObservable().debug(name, trimOutput: trimOutput))
  }
}

extension SharedSequenceConvertibleType where Element: Equatable {
  /// Drops elements equal to the one before them.
  public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged())
  }
}

extension SharedSequenceConvertibleType {
  /// Drops elements whose key, computed by `keySelector`, equals the previous element's key.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func distinctUntilChanged(_ keySelector: @escaping @isolated(any) (Element) -> some Equatable)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops elements that `comparer` calls equal to the element before them.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func distinctUntilChanged(_ comparer: @escaping @isolated(any) (Element, Element) -> Bool)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(asObservable().distinctUntilChanged(comparer))
  }

  /// Drops elements whose key, computed by `keySelector`, `comparer` calls equal to the previous
  /// element's key.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func distinctUntilChanged<K>(
    _ keySelector: @escaping @isolated(any) (Element) -> K, comparer: @escaping @isolated(any) (K, K) -> Bool
  )
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
  }
}
