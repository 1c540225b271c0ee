import Streams
import StreamsTest
import Testing

@Suite("withUnretained")
struct WithUnretainedTests {
  final class Owner: @unchecked Sendable {
    let name: String
    init(name: String) { self.name = name }
  }

  @Test("Pairs elements with the object and does not retain it; completes once it is gone")
  func weakObject() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<String>()
    var owner: Owner? = Owner(name: "x")
    weak let weakOwner = owner
    _ = subject.withUnretained(owner!) { owner, value in "\(owner.name)\(value)" }.subscribe(recorder)
    subject.onNext(1)
    owner = nil
    #expect(weakOwner == nil)
    subject.onNext(2)
    #expect(recorder.elements == ["x1"])
    #expect(recorder.isCompleted)
  }

  @Test("The tuple form sends (object, element); errors pass through")
  func tuples() {
    let owner = Owner(name: "o")
    let recorder = Recorder<String>()
    _ = Observable.of(1, 2).withUnretained(owner).map { "\($0.0.name)\($0.1)" }.subscribe(recorder)
    #expect(recorder.elements == ["o1", "o2"] && recorder.isCompleted)
    let failing = Recorder<(Owner, Int)>()
    _ = Observable<Int>.error(TestError()).withUnretained(owner).subscribe(failing)
    #expect(failing.error is TestError)
  }
}
