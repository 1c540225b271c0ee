import Streams
import StreamsBlocking
import Testing

// RxSwift-style code relying on a run-time rule: a blocking `single` stops evaluating its
// predicate as soon as it knows the answer. Compiles in Swift 5 language mode.

@Suite("Run-time rules (Swift 5)")
struct RunTimeRulesSwift5Tests {
  @Test("toBlocking().single(predicate) stops at the second match")
  func blockingSingleStops() {
    var inspected = [String]()
    let names = Observable<String>.create { observer in
      ["ann", "bob", "bea", "cid"].forEach(observer.onNext)
      observer.onCompleted()
      return Disposables.create()
    }
    do {
      _ = try names.toBlocking().single { name in
        inspected.append(name)
        return name.hasPrefix("b")
      }
      Issue.record("two names start with b")
    } catch {
      #expect(error as? StreamsError == .moreThanOneElement)
    }
    #expect(inspected == ["ann", "bob", "bea"])
  }
}
