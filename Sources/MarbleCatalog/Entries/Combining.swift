import Streams
import StreamsTest

extension MarbleCatalog {
  static let combining: [MarbleCatalogEntry] = [
    Run.binary(
      "combineLatest", article, caption: "combineLatest(first, second) { $0 + $1 }", source: "-1---2-------|",
      other: "---a---b---|", otherLabel: "second"
    ) { first, second, _ in Observable.combineLatest(first, second) { $0 + $1 } },
    Run.binary(
      "combineLatestCompletion", article, caption: "combineLatest(first, second) { $0 + $1 }", source: "--|",
      other: "----1-2-|", otherLabel: "second"
    ) { first, second, _ in Observable.combineLatest(first, second) { $0 + $1 } },
    Run.binary(
      "zip", article, caption: "zip(first, second) { $0 + $1 }", source: "-1-2-3-|", other: "--a---b---c-----|",
      otherLabel: "second"
    ) { first, second, _ in Observable.zip(first, second) { $0 + $1 } },
    Run.cold(
      "zipCollection", article, caption: "Observable.zip([a, b, c]) { $0.joined() }",
      sources: [("a", "-1---|"), ("b", "--2-----5-6-----|"), ("c", "---3-4-|")]
    ) { sources in Observable.zip(sources) { $0.joined() } },
    Run.binary(
      "withLatestFrom", article, caption: "withLatestFrom(second) { $0 + $1 }", source: "-1-2-3-|",
      other: "--a-b-|", otherLabel: "second"
    ) { source, second, _ in source.withLatestFrom(second) { $0 + $1 } },
    Run.binary(
      "sample", article, caption: "sample(sampler)", source: "-ab---c-------|", other: "---x-x-x-|",
      otherLabel: "sampler"
    ) { source, sampler, _ in source.sample(sampler) },
    Run.binary(
      "sampleDefault", article, caption: "sample(sampler, defaultValue: \"z\")", source: "-ab---c-------|",
      other: "---x-x-x-|", otherLabel: "sampler"
    ) { source, sampler, _ in source.sample(sampler, defaultValue: "z") },
    Run.binary(
      "sampleSourceCompletes", article, caption: "sample(sampler)", source: "-a-|", other: "--x---x---x-|",
      otherLabel: "sampler"
    ) { source, sampler, _ in source.sample(sampler) },
    Run.binary(
      "amb", article, caption: "first.amb(second)", source: "----a-b-|", other: "--c-d-|", otherLabel: "second"
    ) {
      first, second, _ in first.amb(second)
    },
    Run.binary(
      "merge", article, caption: "Observable.merge(first, second)", source: "-a---b-|", other: "---c---d-|",
      otherLabel: "second"
    ) { first, second, _ in Observable.merge(first, second) },
    Run.cold(
      "concat", article, caption: "Observable.concat(first, second)",
      sources: [("first", "-a-b-|"), ("second", "-c-d-|")]
    ) { sources in Observable.concat(sources[0], sources[1]) },
  ]
}

private let article = "CombiningOperators"
