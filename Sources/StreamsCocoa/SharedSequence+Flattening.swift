import Streams

extension SharedSequenceConvertibleType {
  /// Maps each element to a shared sequence and merges the events of all of them.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func flatMap<Sharing, Result>(
    _ selector: @escaping @isolated(any) (Element) -> SharedSequence<Sharing, Result>
  )
    -> SharedSequence<Sharing, Result>
  {
    SharedSequence(asObservable().flatMap(selector))
  }

  /// Maps each element to a shared sequence and sends only the newest one's events: a new element
  /// disposes the previous inner sequence.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func flatMapLatest<Sharing, Result>(
    _ selector: @escaping @isolated(any) (Element) -> SharedSequence<Sharing, Result>
  )
    -> SharedSequence<Sharing, Result>
  {
    SharedSequence(asObservable().flatMapLatest(selector))
  }

  /// Maps an element to a shared sequence only when none is running; elements that arrive while
  /// one runs are dropped.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func flatMapFirst<Sharing, Result>(
    _ selector: @escaping @isolated(any) (Element) -> SharedSequence<Sharing, Result>
  )
    -> SharedSequence<Sharing, Result>
  {
    SharedSequence(asObservable().flatMapFirst(selector))
  }

  /// Merges the events of all `sources`.
  public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<
    SharingStrategy, Element
  >
  where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the events of all `sources`.
  public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the events of all `sources`.
  public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
  }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
  /// Sends only the newest inner shared sequence's events: a new inner sequence disposes the
  /// previous one.
  public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().map { $0.asSharedSequence() }.switchLatest())
  }

  /// Merges the events of the inner shared sequences this sequence sends.
  public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().map { $0.asSharedSequence() }.merge())
  }

  /// Merges the events of the inner shared sequences this sequence sends, at most
  /// `maxConcurrent` at a time; the rest wait in order.
  public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().map { $0.asSharedSequence() }.merge(maxConcurrent: maxConcurrent))
  }
}

extension SharedSequence {
  /// Runs the shared sequences of `sequence` one after another, each subscribed when the previous
  /// completes; the sequence is read lazily, one element per completed source, as in RxSwift.
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
  where Sequence.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
  }

  /// Runs the shared sequences of `collection` one after another, each subscribed when the
  /// previous completes.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
    SharingStrategy, Element
  > where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.concat(collection.lazy.map { $0.asObservable() }))
  }
}
