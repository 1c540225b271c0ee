import Foundation
import Streams

/// How a table, collection or picker view answers `rx.model(at:)` and `rx.modelSelected(_:)`:
/// from the data source an `items` binding installed, which is a
/// ``SectionedViewDataSourceType``.
@MainActor
package enum SectionedModels {
  /// The model at `indexPath` of `dataSource`, as a `T`.
  ///
  /// - Throws: ``RxCocoaError/itemsNotYetBound(object:)`` (naming `view`) when `dataSource` is not
  ///   a ``SectionedViewDataSourceType`` (no `items` binding), what its `model(at:)` throws, or
  ///   ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
  package static func model<T>(at indexPath: IndexPath, of dataSource: Any?, in view: AnyObject) throws -> T {
    guard let dataSource = dataSource as? SectionedViewDataSourceType else {
      throw RxCocoaError.itemsNotYetBound(object: view)
    }
    let model = try dataSource.model(at: indexPath)
    guard let typed = model as? T else { throw RxCocoaError.castingError(object: model, targetType: T.self) }
    return typed
  }

  /// The model `model` reads for each of `selections` (an index path, a picker's row and
  /// component); a selection without a model (not yet bound, out of range, another type) is
  /// skipped and reported to `Hooks.diagnostic` as a `bindingError` (a control event never fails;
  /// RxCocoa's fails).
  package static func models<View: AnyObject, Selection, T>(
    for selections: Observable<Selection>, of view: View,
    model: @escaping @MainActor (View, Selection) throws -> T
  ) -> Observable<T> {
    selections.compactMap { [weak view] selection -> T? in
      guard let view else { return nil }
      do {
        return try model(view, selection)
      } catch {
        Hooks.diagnostic(.bindingError("the model of \(selection): \(error)"))
        return nil
      }
    }
  }
}
