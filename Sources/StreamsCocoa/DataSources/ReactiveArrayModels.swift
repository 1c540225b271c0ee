import Foundation

/// The rows of a reactive array data source (a table, collection or picker view bound with
/// `rx.items`): one section of the elements last bound. The UIKit data sources answer their
/// row counts and models from it.
@MainActor
package final class ReactiveArrayModels<Element> {
  /// The elements last bound, or `nil` before the first.
  private var elements: [Element]?

  package init() {}

  /// The number of rows: 0 before the first elements.
  package var count: Int {
    elements?.count ?? 0
  }

  /// Replaces the rows with `elements`.
  package func bind(_ elements: [Element]) {
    self.elements = elements
  }

  /// The element of the row at `indexPath` (section 0, then the row or item).
  ///
  /// - Throws: ``RxCocoaError/itemsNotYetBound(object:)`` (naming `owner`) before the first
  ///   elements; ``RxCocoaError/invalidOperation(object:)`` with `indexPath` for a row out of
  ///   range or a section other than 0.
  package func model(at indexPath: IndexPath, owner: Any) throws -> Element {
    guard let elements else { throw RxCocoaError.itemsNotYetBound(object: owner) }
    guard indexPath.count == 2, indexPath[0] == 0, elements.indices.contains(indexPath[1]) else {
      throw RxCocoaError.invalidOperation(object: indexPath)
    }
    return elements[indexPath[1]]
  }
}
