// Infallible-returning forms of flatMap, merge and concat. As in RxSwift, the inner sequences may
// be any observable: an inner error would reach the subscriber, so return infallible ones.

extension InfallibleType {
  /// Maps each element to an inner sequence and merges the events of all of them.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) -> Source
  )
    -> Infallible<Source.Element>
  {
    Infallible<Source.Element>(asObservable().flatMap(selector))
  }

  /// Maps each element to an inner sequence, keeping only the newest one's events.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) -> Source
  )
    -> Infallible<Source.Element>
  {
    Infallible<Source.Element>(asObservable().flatMapLatest(selector))
  }

  /// Maps an element to an inner sequence only when none is running.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMapFirst<Source: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) -> Source
  )
    -> Infallible<Source.Element>
  {
    Infallible<Source.Element>(asObservable().flatMapFirst(selector))
  }

  /// Maps each element to an inner sequence and runs them one after another, in order.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func concatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) -> Source
  )
    -> Infallible<Source.Element>
  {
    Infallible<Source.Element>(asObservable().concatMap(selector))
  }

  /// Runs this sequence, then `second` once it completed.
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
  where Source.Element == Element {
    Infallible(asObservable().concat(second))
  }

  /// Runs the infallible sequences of `sequence` one after another; see
  /// ``ObservableType/concat(_:)-(Sequence)``.
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
  where Sequence.Element == Infallible<Element> {
    Infallible(.concat(sequence.lazy.map { $0.asObservable() }))
  }

  /// Runs the infallible sequences of `collection` one after another.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
  where Collection.Element == Infallible<Element> {
    Infallible(.concat(collection.lazy.map { $0.asObservable() }))
  }

  /// Runs the given infallible sequences one after another.
  public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
    concat(sources)
  }

  /// Merges the events of the infallible sequences of `sources`.
  public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
  where Collection.Element == Infallible<Element> {
    Infallible(.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the events of an array of infallible sequences.
  public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
    Infallible(.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the events of the given infallible sequences.
  public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
    merge(sources)
  }
}
