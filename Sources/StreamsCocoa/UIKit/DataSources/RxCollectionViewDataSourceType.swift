#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  /// A collection view data source that `rx.items(dataSource:)` binds: it receives each event of
  /// the bound sequence, on the main thread, and updates the collection view (RxCocoa's
  /// `RxCollectionViewDataSourceType`).
  @preconcurrency @MainActor
  public protocol RxCollectionViewDataSourceType {
    /// The type of the bound sequence's elements.
    associatedtype Element

    /// Handles `observedEvent` of the bound sequence: a new element to show.
    func collectionView(_ collectionView: UICollectionView, observedEvent: Event<Element>)
  }

  /// The data source of `rx.items(_:)` and `rx.items(cellIdentifier:cellType:)`: one section of
  /// the last bound sequence's elements, each item's cell from `cellFactory`.
  final class RxCollectionViewReactiveArrayDataSource<Items: Sequence>: NSObject, UICollectionViewDataSource,
    RxCollectionViewDataSourceType, SectionedViewDataSourceType
  {
    typealias Element = Items
    typealias CellFactory = (UICollectionView, Int, Items.Element) -> UICollectionViewCell

    private let models = ReactiveArrayModels<Items.Element>()
    private let cellFactory: CellFactory

    init(cellFactory: @escaping CellFactory) {
      self.cellFactory = cellFactory
    }

    func collectionView(_ collectionView: UICollectionView, observedEvent: Event<Items>) {
      guard case .next(let items) = observedEvent else { return }
      models.bind(Array(items))
      collectionView.reloadData()
    }

    func model(at indexPath: IndexPath) throws -> Any {
      try models.model(at: indexPath, owner: self)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      1
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
      models.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
      guard let model = try? models.model(at: indexPath, owner: self) else { return UICollectionViewCell() }
      return cellFactory(collectionView, indexPath.item, model)
    }
  }
#endif
