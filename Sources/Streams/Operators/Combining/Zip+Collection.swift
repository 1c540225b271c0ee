extension ObservableType {
  /// Combines the n-th elements of any number of sources of one type into arrays.
  ///
  /// An empty collection completes at once, with no element.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
  where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
    Observable<[Element]>.zip(collection) { $0 }
  }
}
