import Streams
import StreamsTest

extension MarbleCatalog {
  static let transforming: [MarbleCatalogEntry] = [
    Run.unary("map", article, caption: "map { $0.uppercased() }", source: "-a-b-c-|") { source, _ in
      source.map { $0.uppercased() }
    },
    Run.unary("compactMap", article, caption: "compactMap { Int($0) }", source: "-1-x-3-|") { source, _ in
      source.compactMap { Int($0) }.map(String.init)
    },
    Run.unary("scan", article, caption: "scan(0, accumulator: +)", source: "-1-2-3-|") { source, _ in
      source.map { Int($0)! }.scan(0, accumulator: +).map(String.init)
    },
    Run.unary("reduce", article, caption: "reduce(0, accumulator: +)", source: "-1-2-3-|") { source, _ in
      source.map { Int($0)! }.reduce(0, accumulator: +).map(String.init)
    },
    Run.unary("toArray", article, caption: "toArray()", source: "-a-b-c-|") { source, _ in
      source.toArray().asObservable().map { $0.joined() }
    },
    Run.unary("enumerated", article, caption: "enumerated()", source: "-a-b-c-|") { source, _ in
      source.enumerated().map { "\($0.index)\($0.element)" }
    },
    Run.unary("materialize", article, caption: "materialize()", source: "-a-b-#") { source, _ in
      source.materialize().map { event in
        switch event {
        case .next(let element): "n(\(element))"
        case .error: "e"
        case .completed: "c"
        }
      }
    },
    Run.unary("dematerialize", article, caption: "dematerialize()", source: "-a-b-#") { source, _ in
      source.materialize().dematerialize()
    },
    Run.unary("groupBy", article, caption: "groupBy { $0.lowercased() }.map(\\.key)", source: "-a-b-A-B-|") {
      source, _ in source.groupBy { $0.lowercased() }.map(\.key)
    },
    Run.unary("startWith", article, caption: "startWith(\"x\", \"y\")", source: "-----a-b-|") { source, _ in
      source.startWith("x", "y")
    },
  ]
}

private let article = "TransformingOperators"
