// RxSwift's overload ranking, kept: a community library's own operators beside Streams' ones, in
// one module, in the shapes RxSwiftExt 6.2.1 declares (`map(to:)`, deprecated, on shared
// sequences; `filterMap`, `unwrap`, `apply`, `mapAt`, `partition`). Each call below picks the
// overload it picks against RxSwift: a closure-taking operator of Streams with a defaulted
// parameter after its closure would lose a trailing closure to `map(to:)` (the deprecation warning
// and a sequence of closures; measured, issue 36). No diagnostic in either language mode.
import Streams
import StreamsCocoa

enum FilterMap<Result> {
  case ignore
  case map(Result)
}

extension ObservableType {
  func map<Result>(to value: Result) -> Observable<Result> {
    map { _ in value }
  }

  func filterMap<Result>(_ transform: @escaping (Element) throws -> FilterMap<Result>) -> Observable<Result> {
    compactMap { element in
      guard case .map(let result) = try transform(element) else { return nil }
      return result
    }
  }

  func unwrap<Result>() -> Observable<Result> where Element == Result? {
    compactMap { $0 }
  }

  func apply<Result>(_ transform: (Observable<Element>) -> Observable<Result>) -> Observable<Result> {
    transform(asObservable())
  }

  func mapAt<Result>(_ keyPath: KeyPath<Element, Result>) -> Observable<Result> {
    map { $0[keyPath: keyPath] }
  }

  func partition(_ predicate: @escaping (Element) throws -> Bool) -> (
    matches: Observable<Element>, nonMatches: Observable<Element>
  ) {
    let tagged = map { ($0, try predicate($0)) }.share()
    return (tagged.filter { $0.1 }.map { $0.0 }, tagged.filter { !$0.1 }.map { $0.0 })
  }
}

extension SharedSequenceConvertibleType {
  @available(*, deprecated, renamed: "mapTo(_:)")
  func map<Result>(to value: Result) -> SharedSequence<SharingStrategy, Result> {
    map { _ in value }
  }
}

extension SharedSequence {
  func partition(_ predicate: @escaping (Element) -> Bool) -> (
    matches: SharedSequence<SharingStrategy, Element>, nonMatches: SharedSequence<SharingStrategy, Element>
  ) {
    let tagged = self.map { ($0, predicate($0)) }
    return (tagged.filter { $0.1 }.map { $0.0 }, tagged.filter { !$0.1 }.map { $0.0 })
  }
}

struct Profile {
  let name: String
}

func use(_ numbers: Observable<Int>, _ names: Driver<String?>, _ profiles: Observable<Profile>) {
  let evens: Observable<Int> = numbers.filterMap { $0.isMultiple(of: 2) ? .map($0) : .ignore }
  let tens: Observable<String> = numbers.map { "\($0 * 10)" }
  let sevens: Observable<Int> = numbers.map(to: 7)
  let present: Driver<String> = names.compactMap { $0 }
  let named: Observable<String> = profiles.mapAt(\.name)
  let unwrapped: Observable<Int> = numbers.map { Optional($0) }.unwrap()
  let applied: Observable<Int> = numbers.apply { $0.filter { $0 > 0 } }
  let (small, large) = numbers.partition { $0 < 10 }
  let (short, long) = present.partition { $0.count < 5 }
  _ = (evens, tens, sevens, named, unwrapped, applied, small, large, short, long)
}
