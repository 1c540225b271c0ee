/// Lays out rows of text in padded columns.
enum TextTable {
  /// One line for the titles, then one per row; columns separated by two spaces, the last one not
  /// padded. Columns in `rightAligned` are padded on the left.
  static func render(titles: [String], rows: [[String]], rightAligned: Set<Int>) -> [String] {
    let all = [titles] + rows
    let widths = titles.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { cells in
      cells.indices.map { column -> String in
        let cell = cells[column]
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        if rightAligned.contains(column) { return padding + cell }
        return column == cells.count - 1 ? cell : cell + padding
      }
      .joined(separator: "  ")
    }
  }
}
