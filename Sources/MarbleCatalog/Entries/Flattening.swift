import Streams
import StreamsTest

extension MarbleCatalog {
  static let flattening: [MarbleCatalogEntry] = [
    Run.flattening(
      "flatMap", article, caption: "flatMap { inner($0) }", source: "-a--b-|", inners: ["a": "-1-2-|", "b": "-3-4-|"]
    ) { source, inner in source.flatMap(inner) },
    Run.flattening(
      "flatMapLatest", article, caption: "flatMapLatest { inner($0) }", source: "-a--b---|",
      inners: ["a": "-1---2-|", "b": "-3-4-|"]
    ) { source, inner in source.flatMapLatest(inner) },
    Run.flattening(
      "flatMapFirst", article, caption: "flatMapFirst { inner($0) }", source: "-a-b---c-|",
      inners: ["a": "-1-2-|", "b": "-3-4-|", "c": "-5-6-|"]
    ) { source, inner in source.flatMapFirst(inner) },
    Run.flattening(
      "concatMap", article, caption: "concatMap { inner($0) }", source: "-a-b-|",
      inners: ["a": "-1-2-|", "b": "-3-4-|"]
    ) { source, inner in source.concatMap(inner) },
    Run.flattening(
      "mergeMaxConcurrent", article, caption: "merge(maxConcurrent: 2)", source: "-(abc|)",
      inners: ["a": "-1---|", "b": "---2-|", "c": "-3-|"]
    ) { source, inner in source.map(inner).merge(maxConcurrent: 2) },
    Run.flattening(
      "switchLatest", article, caption: "switchLatest()", source: "-a--b---|", inners: ["a": "-1---2-|", "b": "-3-4-|"]
    ) { source, inner in source.map(inner).switchLatest() },
  ]
}

private let article = "FlatteningOperators"
