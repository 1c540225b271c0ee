#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs every column of `row` and returns its cells; records wrong sums in `failures`.
func measure(
  _ row: Row, sizes: Sizes, columns: Set<Column>?, countsAllocations: Bool, failures: inout [String]
) -> [Column: Cell] {
  var workloads: [(Column, Workload)] = []
  var cells: [Column: Cell] = [:]
  for column in Column.allCases where columns?.contains(column) ?? true {
    switch row.columns(column) {
    case .measured(let workload): workloads.append((column, workload))
    case .notApplicable(let reason): cells[column] = .notApplicable(reason: reason)
    }
  }
  let expected = row.expectedSum(sizes)
  let events = row.events(sizes)
  var wrong: Set<String> = []

  func run(_ column: Column, _ workload: Workload, countingAllocations: Bool) -> Meter {
    var meter = Meter(countsAllocations: countingAllocations)
    let sum = workload(&meter, sizes)
    if sum != expected, wrong.insert(column.name).inserted {
      failures.append("row \(row.id), \(column.name): sum \(sum), expected \(expected)")
    }
    return meter
  }

  for _ in 0..<sizes.warmUps {
    for (column, workload) in workloads { _ = run(column, workload, countingAllocations: false) }
  }
  var samples: [Column: [Double]] = [:]
  for _ in 0..<sizes.repetitions {
    for (column, workload) in workloads {
      let meter = run(column, workload, countingAllocations: false)
      samples[column, default: []].append(Double(meter.nanoseconds) / Double(events))
    }
  }
  for (column, workload) in workloads {
    let allocations = countsAllocations ? run(column, workload, countingAllocations: true).allocations : nil
    cells[column] = .measured(
      nanosecondsPerEvent: median(samples[column] ?? []), allocations: allocations,
      wrongSum: wrong.contains(column.name))
  }
  return cells
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func printError(_ message: String) {
  let line = message + "\n"
  _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
  options = try Options.parse(arguments)
} catch .usage(let message) {
  if !message.isEmpty { printError("error: \(message)") }
  printError(Options.usage)
  exit(message.isEmpty ? 0 : 2)
}

let sizes = options.quick ? Sizes.quick : Sizes.full
let rows = Row.all.filter { options.rows?.contains($0.id) ?? true }
let countsAllocations = allocationCountingWorks()
let command = (["swift run -c release --package-path Benchmarks StreamsBenchmarks"] + arguments).joined(separator: " ")

var failures: [String] = []
var results: [RowResult] = []
for row in rows {
  printError("running \(row.id): \(row.title(sizes))")
  let cells = measure(
    row, sizes: sizes, columns: options.columns, countsAllocations: countsAllocations, failures: &failures)
  results.append(RowResult(row: row, sizes: sizes, cells: cells))
}

print(report(results, sizes: sizes, command: command, countsAllocations: countsAllocations))

if options.rows == nil || options.costs {
  printError("measuring memory per live subscription")
  print(Costs.report(Costs.memory(), countsAllocations: countsAllocations))
  printError("measuring a late subscribe through Observable<Int>")
  print(ErasedSubscribe.report(ErasedSubscribe.measure()))
  printError("measuring disposes among 100,000 subscribers of one subject")
  print(UnsubscribeAtScale.report(UnsubscribeAtScale.measure()))
}
if options.costs {
  // Release code size and type-check time: built and compiled by the scripts, which print their
  // own tables (minutes: a release build of every library, and the type-check file RUNS times).
  let root = Options.packageRoot
  for script in ["Benchmarks/Costs/code-size.sh", "Benchmarks/TypeCheck/report.sh"] {
    printError("running \(script)")
    fflush(nil)  // Every stream: the table printed so far comes before the script's output.
    let status = system("cd '\(root)' && sh \(script)")
    if status != 0 { failures.append("\(script) exited with status \(status)") }
  }
}

if !failures.isEmpty {
  printError("FAILED:\n" + failures.map { "  " + $0 }.joined(separator: "\n"))
  exit(1)
}
