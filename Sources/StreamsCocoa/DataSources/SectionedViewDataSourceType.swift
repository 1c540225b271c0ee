import Foundation

/// A data source that knows the model of each of its rows or items: what
/// `rx.model(at:)` and `rx.modelSelected(_:)` of a table, collection or picker view ask, on
/// the main actor.
@preconcurrency @MainActor
public protocol SectionedViewDataSourceType {
  /// The model at `indexPath`.
  ///
  /// - Throws: ``RxCocoaError/itemsNotYetBound(object:)`` before items were bound, or
  ///   ``RxCocoaError/invalidOperation(object:)`` (with the index path) for one out of range.
  func model(at indexPath: IndexPath) throws -> Any
}
