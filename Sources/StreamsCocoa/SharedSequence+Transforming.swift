import Foundation
import Streams

extension SharedSequenceConvertibleType {
  /// Transforms each element with `selector`.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func map<Result>(
    _ selector: @escaping (Element) -> Result, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().map(selector, isolation: isolation, file: file, line: line))
  }

  /// Transforms each element with `selector` and passes on the non-`nil` results.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func compactMap<Result>(
    _ selector: @escaping (Element) -> Result?, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().compactMap(selector, isolation: isolation, file: file, line: line))
  }

  /// Passes on the elements for which `predicate` holds.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func filter(
    _ predicate: @escaping (Element) -> Bool, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().filter(predicate, isolation: isolation, file: file, line: line))
  }

  /// Sends each intermediate result of folding the elements into `seed` with `accumulator`.
  public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) -> A) -> SharedSequence<SharingStrategy, A> {
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
  public func `do`(
    onNext: ((Element) -> Void)? = nil, afterNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil,
    afterCompleted: (() -> Void)? = nil, onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
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
  public func distinctUntilChanged(_ keySelector: @escaping (Element) -> some Equatable)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops elements that `comparer` calls equal to the element before them.
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(asObservable().distinctUntilChanged(comparer))
  }

  /// Drops elements whose key, computed by `keySelector`, `comparer` calls equal to the previous
  /// element's key.
  public func distinctUntilChanged<K>(_ keySelector: @escaping (Element) -> K, comparer: @escaping (K, K) -> Bool)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
  }
}
