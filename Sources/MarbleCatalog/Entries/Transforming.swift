import Foundation
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
    Run.unary(
      "withUnretained", article, caption: "withUnretained(owner) { \"\\($0.name)\\($1)\" }", source: "-a-b-c-|"
    ) { source, _ in
      let owner = Owner(name: "o")
      return source.withUnretained(owner) { "\($0.name)\($1)" }.do(onDispose: { _ = owner })
    },
    Run.unary(
      "decode", article, caption: "decode(type: Int.self, decoder: JSONDecoder())", source: "-1-2-x-|"
    ) { source, _ in
      // The decoder's own message differs between platforms; the picture names the error's type.
      source.map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder()).map(String.init)
        .catch { _ in .error(NamedError(name: "DecodingError")) }
    },
    Run.unary("startWith", article, caption: "startWith(\"x\", \"y\")", source: "-----a-b-|") { source, _ in
      source.startWith("x", "y")
    },
  ]
}

private let article = "TransformingOperators"

/// An error that describes itself by a fixed name, so a picture reads the same on every platform.
private struct NamedError: Error, CustomStringConvertible {
  let name: String
  var description: String { name }
}

/// The object `withUnretained` holds weakly in its picture; the run keeps it alive.
private final class Owner: Sendable {
  let name: String
  init(name: String) { self.name = name }
}
