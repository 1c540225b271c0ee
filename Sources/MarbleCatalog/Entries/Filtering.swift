import Streams
import StreamsTest

extension MarbleCatalog {
  static let filtering: [MarbleCatalogEntry] = [
    Run.unary("filter", article, caption: "filter { $0.isMultiple(of: 2) }", source: "-1-2-3-4-|") { source, _ in
      source.filter { Int($0)!.isMultiple(of: 2) }
    },
    Run.unary("distinctUntilChanged", article, caption: "distinctUntilChanged()", source: "-a-a-b-b-a-|") {
      source, _ in source.distinctUntilChanged()
    },
    Run.unary(
      "distinctUntilChangedKey", article, caption: "distinctUntilChanged { $0.lowercased() }", source: "-a-A-b-B-a-|"
    ) { source, _ in source.distinctUntilChanged { $0.lowercased() } },
    Run.unary("take", article, caption: "take(2)", source: "-a-b-c-d-|") { source, _ in source.take(2) },
    Run.unary("takeWhile", article, caption: "take(while: { $0 < 3 })", source: "-1-2-5-1-|") { source, _ in
      source.take(while: { Int($0)! < 3 })
    },
    Run.unary(
      "takeWhileInclusive", article, caption: "take(while: { $0 < 3 }, behavior: .inclusive)", source: "-1-2-5-1-|"
    ) { source, _ in source.take(while: { Int($0)! < 3 }, behavior: .inclusive) },
    Run.unary("takeUntilPredicate", article, caption: "take(until: { $0 == \"c\" })", source: "-a-b-c-d-|") {
      source, _ in source.take(until: { $0 == "c" })
    },
    Run.binary("takeUntil", article, caption: "take(until: other)", source: "-a-b-c-d-|", other: "----x---|") {
      source, other, _ in source.take(until: other)
    },
    Run.unary(
      "takeFor", article, caption: "take(for: .milliseconds(40), scheduler: scheduler)", source: "-a-b-c-d-|",
      resolution: 0.001
    ) { source, scheduler in source.take(for: .milliseconds(40), scheduler: scheduler) },
    Run.unary("takeLast", article, caption: "takeLast(2)", source: "-a-b-c-|") { source, _ in source.takeLast(2) },
    Run.unary("skip", article, caption: "skip(2)", source: "-a-b-c-d-|") { source, _ in source.skip(2) },
    Run.unary("skipWhile", article, caption: "skip(while: { $0 < 3 })", source: "-1-2-5-1-|") { source, _ in
      source.skip(while: { Int($0)! < 3 })
    },
    Run.binary("skipUntil", article, caption: "skip(until: other)", source: "-a-b-c-d-|", other: "----x---|") {
      source, other, _ in source.skip(until: other)
    },
    Run.unary(
      "skipFor", article, caption: "skip(.milliseconds(40), scheduler: scheduler)", source: "-a-b-c-d-|",
      resolution: 0.001
    ) { source, scheduler in source.skip(.milliseconds(40), scheduler: scheduler) },
    Run.unary("elementAt", article, caption: "element(at: 1)", source: "-a-b-c-|") { source, _ in
      source.element(at: 1)
    },
    Run.unary("elementAtOutOfRange", article, caption: "element(at: 3)", source: "-a-|") { source, _ in
      source.element(at: 3)
    },
    Run.unary("first", article, caption: "first()", source: "-a-b-c-|") { source, _ in
      source.first().asObservable().map { $0 ?? "nil" }
    },
    Run.unary("firstOfEmpty", article, caption: "first()", source: "-------|") { source, _ in
      source.first().asObservable().map { $0 ?? "nil" }
    },
    Run.unary("single", article, caption: "single()", source: "-a---b-|") { source, _ in source.single() },
    Run.unary("singleOfEmpty", article, caption: "single()", source: "-----|") { source, _ in source.single() },
    Run.unary("ifEmptyDefault", article, caption: "ifEmpty(default: \"x\")", source: "-----|") { source, _ in
      source.ifEmpty(default: "x")
    },
    Run.binary(
      "ifEmptySwitchTo", article, caption: "ifEmpty(switchTo: other)", source: "----|", other: "--a---b-c-|"
    ) { source, other, _ in source.ifEmpty(switchTo: other) },
    Run.unary("ignoreElements", article, caption: "ignoreElements()", source: "-a-b-c-|") { source, _ in
      source.ignoreElements().asCompletable().andThen(Observable<String>.empty())
    },
  ]
}

private let article = "FilteringOperators"
