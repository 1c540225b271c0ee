import Streams

/// How `rx.items(cellIdentifier:cellType:)` hands a dequeued cell to the caller's configuration.
@MainActor
package enum CellConfiguration {
  /// Calls `configure` with `cell` if it is a `Cell`; otherwise (a cell class registered under
  /// `identifier` other than the one bound) leaves it unconfigured and reports the mismatch to
  /// `Hooks.diagnostic` as a `bindingError` (RxCocoa stops the program).
  package static func configure<Cell>(
    _ cell: AnyObject, as _: Cell.Type, identifier: String, _ configure: (Cell) -> Void
  ) {
    guard let cell = cell as? Cell else {
      Hooks.diagnostic(
        .bindingError("the cell dequeued for \"\(identifier)\" is a \(type(of: cell)), not a \(Cell.self)"))
      return
    }
    configure(cell)
  }
}
