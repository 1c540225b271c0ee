#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
  import Streams
  import UIKit

  /// A table view data source that `rx.items(dataSource:)` binds: it receives each event of the
  /// bound sequence, on the main thread, and updates the table (RxCocoa's
  /// `RxTableViewDataSourceType`; RxDataSources' data sources are ones).
  @preconcurrency @MainActor
  public protocol RxTableViewDataSourceType {
    /// The type of the bound sequence's elements.
    associatedtype Element

    /// Handles `observedEvent` of the bound sequence: a new element to show.
    func tableView(_ tableView: UITableView, observedEvent: Event<Element>)
  }

  /// The data source of `rx.items(_:)` and `rx.items(cellIdentifier:cellType:)`: one section of
  /// the last bound sequence's elements, each row's cell from `cellFactory`.
  final class RxTableViewReactiveArrayDataSource<Items: Sequence>: NSObject, UITableViewDataSource,
    RxTableViewDataSourceType, SectionedViewDataSourceType
  {
    typealias Element = Items
    typealias CellFactory = (UITableView, Int, Items.Element) -> UITableViewCell

    private let models = ReactiveArrayModels<Items.Element>()
    private let cellFactory: CellFactory

    init(cellFactory: @escaping CellFactory) {
      self.cellFactory = cellFactory
    }

    func tableView(_ tableView: UITableView, observedEvent: Event<Items>) {
      guard case .next(let items) = observedEvent else { return }
      models.bind(Array(items))
      tableView.reloadData()
    }

    func model(at indexPath: IndexPath) throws -> Any {
      try models.model(at: indexPath, owner: self)
    }

    func numberOfSections(in tableView: UITableView) -> Int {
      1
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      models.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      guard let model = try? models.model(at: indexPath, owner: self) else { return UITableViewCell() }
      return cellFactory(tableView, indexPath.row, model)
    }
  }
#endif
