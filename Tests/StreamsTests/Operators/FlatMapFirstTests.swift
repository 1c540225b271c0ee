import Streams
import StreamsTest
import Testing

@Suite("flatMapFirst")
struct FlatMapFirstTests {
  @Test("flatMapFirst does not call its selector for elements it drops")
  func flatMapFirstSkipsSelector() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let selected = Log()
    let recorder = Recorder<Int>()
    _ = outer.flatMapFirst { value -> Observable<Int> in
      selected("\(value)")
      if value == 3 { throw TestError(id: 3) }
      return inner.asObservable()
    }.subscribe(recorder)
    outer.onNext(1)
    outer.onNext(2)
    outer.onNext(3)
    #expect(selected.entries == ["1"])
    #expect(recorder.error == nil)
  }
}
