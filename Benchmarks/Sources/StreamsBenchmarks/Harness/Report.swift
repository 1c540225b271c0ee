/// What one column did in one row.
enum Cell {
  case measured(nanosecondsPerEvent: Double, allocations: UInt64?, wrongSum: Bool)
  case notApplicable(reason: String)

  var nanosecondsPerEvent: Double? {
    if case .measured(let nanoseconds, _, _) = self { return nanoseconds }
    return nil
  }
}

/// One row's results.
struct RowResult {
  let row: Row
  let sizes: Sizes
  let cells: [Column: Cell]

  var events: Int { row.events(sizes) }

  /// Column / locked closures (the floor), if both were measured.
  func floorRatio(_ column: Column) -> Double? {
    guard let value = cells[column]?.nanosecondsPerEvent,
      let floor = cells[.lockedClosures]?.nanosecondsPerEvent, floor > 0
    else { return nil }
    return value / floor
  }

  /// Column / the contract floor, if both were measured.
  func contractRatio(_ column: Column) -> Double? {
    guard let value = cells[column]?.nanosecondsPerEvent,
      let floor = cells[.contractFloor]?.nanosecondsPerEvent, floor > 0
    else { return nil }
    return value / floor
  }

  /// Column / OpenCombine, if both were measured.
  func openCombineRatio(_ column: Column) -> Double? {
    guard let value = cells[column]?.nanosecondsPerEvent,
      let openCombine = cells[.openCombine]?.nanosecondsPerEvent, openCombine > 0
    else { return nil }
    return value / openCombine
  }

  func allocationsPerEvent(_ column: Column) -> Double? {
    guard case .measured(_, let allocations?, _) = cells[column] else { return nil }
    return Double(allocations) / Double(events)
  }

  /// Streams' targets for this row: (description, met?); `nil` means "could not be checked".
  var targets: [(String, Bool?)] {
    var targets: [(String, Bool?)] = []
    if let contractTarget = row.contractTarget {
      targets.append(
        ("≤\(formatFactor(contractTarget))× contract", contractRatio(.streams).map { $0 <= contractTarget }))
    }
    if let floorTarget = row.floorTarget {
      targets.append(("≤\(formatFactor(floorTarget))× locked", floorRatio(.streams).map { $0 <= floorTarget }))
    }
    if let allocationTarget = row.allocationTarget {
      // Per unit, from the exact count: a target of 0 allows not one allocation in the whole phase.
      let name = allocationTarget == 0 ? "0 allocs" : "≤\(formatFactor(allocationTarget)) allocs / unit"
      targets.append((name, allocationsPerEvent(.streams).map { $0 <= allocationTarget }))
    }
    if case .measured = cells[.openCombine] {
      if let openCombineTarget = row.openCombineTarget {
        targets.append(
          (
            "≤\(formatFactor(openCombineTarget))× OpenCombine",
            openCombineRatio(.streams).map { $0 <= openCombineTarget }
          ))
      } else {
        targets.append(("ahead of OpenCombine", openCombineRatio(.streams).map { $0 < 1 }))
      }
    }
    return targets
  }
}

/// The Markdown report: a few lines about the run, then one table.
func report(_ results: [RowResult], sizes: Sizes, command: String, countsAllocations: Bool) -> String {
  var lines: [String] = []
  lines.append("### Streams benchmarks")
  lines.append("")
  lines.append("- Command: `\(command)`")
  lines.append("- Machine: nproc \(Machine.processorCount), \(Machine.cpuModel)")
  lines.append("- Swift: \(Machine.swiftVersion)")
  lines.append("- Date: \(Machine.utcDate)")
  lines.append(
    "- Method: per row, \(sizes.warmUps) warm-up and \(sizes.repetitions) timed repetitions of every column, "
      + "interleaved; time is the median, per unit of work, of the measured phase only (setup and teardown untimed). "
      + (countsAllocations
        ? "Allocations are malloc/calloc/realloc/memalign calls made by any thread during the measured phase "
          + "of one extra repetition, counted by replacing the allocator's entry points in this executable."
        : "Allocations: not counted on this platform (the allocator could not be interposed), so none are shown."))
  #if DEBUG
    lines.append("- **Debug build: these numbers mean nothing. Use `-c release`.**")
  #endif
  lines.append(
    "- Ratios: ÷ the \"locked closures\" floor, ÷ the \"contract floor\" and ÷ OpenCombine; below 1 is faster. "
      + "Targets are Streams' (≤N× the contract floor; ≤N× the locked floor where the contract allows it; no allocations, or ≤N per unit, in the measured phase; faster than OpenCombine, or ≤N× "
      + "its time). A target that could not be checked (allocations not counted, a column missing) shows ?.")
  lines.append("")
  lines.append(
    "| Row | Workload | Column | ns / unit | allocs / unit | × locked closures | × contract floor | × OpenCombine "
      + "| Streams targets |")
  lines.append("|---|---|---|--:|--:|--:|--:|--:|---|")
  for result in results {
    for (index, column) in Column.allCases.enumerated() {
      let rowCell = index == 0 ? "**\(result.row.id)**" : ""
      var workloadCell = index == 0 ? "\(result.row.title(result.sizes)); unit: \(result.row.unit(result.sizes))" : ""
      var columnCell = column == .streams ? "**\(column.name)**" : column.name
      var cells = ["n/a", "n/a", "n/a", "n/a", "n/a", ""]
      switch result.cells[column] {
      case .measured(let nanoseconds, let allocations, let wrongSum)?:
        if wrongSum { columnCell += " ✗ WRONG SUM" }
        cells[0] = formatNanoseconds(nanoseconds)
        cells[1] = allocations.map { formatAllocations($0, events: result.events) } ?? "not counted"
        cells[2] = result.floorRatio(column).map { format($0, decimals: 2) + "×" } ?? "n/a"
        cells[3] = result.contractRatio(column).map { format($0, decimals: 2) + "×" } ?? "n/a"
        cells[4] = result.openCombineRatio(column).map { format($0, decimals: 2) + "×" } ?? "n/a"
        if column == .streams {
          cells[5] = result.targets.map { name, met in
            "\(name) \(met.map { $0 ? "✓" : "✗" } ?? "?")"
          }.joined(separator: ", ")
        }
      case .notApplicable(let reason)?:
        workloadCell += (workloadCell.isEmpty ? "" : "; ") + "n/a: \(reason)"
      case nil:
        break
      }
      lines.append("| \(rowCell) | \(workloadCell) | \(columnCell) | " + cells.joined(separator: " | ") + " |")
    }
  }
  let checked = results.flatMap { result in result.targets.map { (result.row.id, $0.0, $0.1) } }
  let missed = checked.filter { $0.2 == false }
  let unknown = checked.filter { $0.2 == nil }
  lines.append("")
  var summary = "Streams targets: \(checked.count - missed.count - unknown.count) of \(checked.count) met"
  if !missed.isEmpty {
    summary += "; missed: " + missed.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }
  if !unknown.isEmpty {
    summary += "; not checked: " + unknown.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }
  lines.append(summary + ".")
  return lines.joined(separator: "\n")
}

/// A target factor: `2`, `1.5`, `0.5`.
private func formatFactor(_ value: Double) -> String {
  format(value, decimals: value == value.rounded() ? 0 : 1)
}

private func formatNanoseconds(_ value: Double) -> String {
  format(value, decimals: value >= 100 ? 0 : value >= 10 ? 1 : 2)
}

private func formatAllocations(_ count: UInt64, events: Int) -> String {
  if count == 0 { return "0" }
  let perEvent = Double(count) / Double(events)
  return perEvent >= 0.01 ? format(perEvent, decimals: 2) : "<0.01 (\(count) in all)"
}

/// `value` with exactly `decimals` digits after the point.
func format(_ value: Double, decimals: Int) -> String {
  var scale = 1
  for _ in 0..<decimals { scale *= 10 }
  let scaled = Int((value * Double(scale)).rounded())
  let sign = scaled < 0 ? "-" : ""
  let whole = String(abs(scaled) / scale)
  guard decimals > 0 else { return sign + whole }
  let fraction = String(abs(scaled) % scale)
  return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
}
