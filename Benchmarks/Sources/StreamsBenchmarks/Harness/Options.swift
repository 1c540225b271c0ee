/// The command line: `[--quick] [--rows A,B]`.
struct Options {
  var quick = false
  var rows: Set<String>?
  /// Only these columns (for profiling one of them); `nil`: all.
  var columns: Set<Column>?
  /// Also measure release code size and type-check time (minutes).
  var costs = false

  /// The Streams package's folder (this file is in Benchmarks/Sources/StreamsBenchmarks/Harness).
  static let packageRoot: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(5)
    return parts.joined(separator: "/")
  }()

  static let usage = """
    usage: swift run -c release --package-path Benchmarks StreamsBenchmarks [--quick] [--rows A,B,...]
      --quick       small counts and fewer repetitions, the same checks (for CI smoke runs)
      --rows LIST   only these rows (comma-separated: \(Row.all.map(\.id).joined(separator: ",")))
      --costs       also measure release code size and type-check time (scripts; minutes)
      --columns LIST  only these columns, for profiling one (comma-separated: \(Column.allCases.map(\.key).joined(separator: ",")))
    """

  enum Failure: Error {
    case usage(String)
  }

  static func parse(_ arguments: [String]) throws(Failure) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick":
        options.quick = true
      case "--rows":
        guard let list = remaining.popFirst() else { throw .usage("--rows needs a list, e.g. --rows A,B") }
        options.rows = try rows(list)
      case _ where argument.hasPrefix("--rows="):
        options.rows = try rows(String(argument.dropFirst("--rows=".count)))
      case "--columns":
        guard let list = remaining.popFirst() else { throw .usage("--columns needs a list, e.g. --columns streams") }
        var columns: Set<Column> = []
        for key in list.split(separator: ",") {
          guard let column = Column.allCases.first(where: { $0.key == key.lowercased() }) else {
            throw .usage("unknown column \(key); known: \(Column.allCases.map(\.key).joined(separator: ","))")
          }
          columns.insert(column)
        }
        options.columns = columns
      case "--costs":
        options.costs = true
      case "--help", "-h":
        throw .usage("")
      default:
        throw .usage("unknown argument \(argument)")
      }
    }
    return options
  }

  private static func rows(_ list: String) throws(Failure) -> Set<String> {
    let known = Set(Row.all.map(\.id))
    let requested = Set(list.split(separator: ",").map { $0.uppercased() })
    let unknown = requested.subtracting(known)
    guard unknown.isEmpty, !requested.isEmpty else {
      throw .usage(
        "unknown rows \(unknown.sorted().joined(separator: ",")); known: \(known.sorted().joined(separator: ","))")
    }
    return requested
  }
}
