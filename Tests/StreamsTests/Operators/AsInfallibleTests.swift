import Streams
import StreamsTest
import Testing

@Suite("asInfallible and Infallible")
struct AsInfallibleTests {
  @Test("asInfallible turns errors into a fallback; Infallible needs no error handler")
  func infallible() {
    let recovered = Recorder<Int>()
    _ = Observable<Int>.error(TestError()).asInfallible(onErrorJustReturn: 0).map { $0 + 1 }.subscribe(recovered)
    #expect(recovered.elements == [1] && recovered.isCompleted)
    let fallback = Log()
    _ = Observable<Int>.error(TestError()).asInfallible(onErrorFallbackTo: .of(5, 6))
      .subscribe(onNext: { fallback("\($0)") }, onCompleted: { fallback("done") })
    #expect(fallback.entries == ["5", "6", "done"])
    let created = Recorder<String>()
    _ = Infallible<String>.create { observer in
      observer(.next("a"))
      observer(.completed)
      return Disposables.create()
    }.flatMapLatest { Infallible.just($0 + "!") }.subscribe(created)
    #expect(created.elements == ["a!"] && created.isCompleted)
  }
}
