import Streams
import Testing

@Suite("RxSwift spelling aliases")
struct RxSpellingAliasesTests {
  @Test("ReplayRelay.createUnbound() replays every accepted element to a late subscriber")
  func replayRelayCreateUnbound() {
    let relay = ReplayRelay<Int>.createUnbound()
    (1...5).forEach(relay.accept)
    let late = Recorder<Int>()
    _ = relay.subscribe(late)
    #expect(late.elements == [1, 2, 3, 4, 5])
  }

  @Test("Each subject's SubjectObserverType is the subject itself")
  func subjectObserverType() {
    #expect(PublishSubject<Int>.SubjectObserverType.self == PublishSubject<Int>.self)
    #expect(BehaviorSubject<Int>.SubjectObserverType.self == BehaviorSubject<Int>.self)
    #expect(ReplaySubject<Int>.SubjectObserverType.self == ReplaySubject<Int>.self)
    #expect(AsyncSubject<Int>.SubjectObserverType.self == AsyncSubject<Int>.self)
  }

  @Test("@DisposeBag.DisposableBuilder builds the same bag as the top-level builder")
  func nestedDisposableBuilder() {
    @DisposeBag.DisposableBuilder
    func build(_ log: Log) -> [Disposable] {
      Disposables.create { log("first") }
      Disposables.create { log("second") }
    }
    let log = Log()
    var bag: DisposeBag? = DisposeBag()
    bag?.insert(build(log))
    bag = nil
    #expect(log.entries.sorted() == ["first", "second"])
  }

  @Test("RxObservable and RxAbstractInteger name Observable and FixedWidthInteger")
  func typeAliases() {
    func count<Counter: RxAbstractInteger>(_: Counter.Type) -> RxObservable<Counter> {
      Observable.range(start: 0, count: 3)
    }
    let received = Recorder<UInt8>()
    _ = count(UInt8.self).subscribe(received)
    #expect(received.elements == [0, 1, 2])
    #expect(received.isCompleted)
  }
}

@Suite("RxError.disposed(object:)")
struct DisposedObjectErrorTests {
  @Test("RxError.disposed(object:) with the subject equals the error the disposed subject sends")
  func matchesSubjectError() {
    let subject = PublishSubject<Int>()
    subject.dispose()
    let received = Recorder<Int>()
    _ = subject.subscribe(received)
    #expect(received.error as? RxError == RxError.disposed(object: subject))
    #expect(RxError.disposed(object: subject) == .disposed(object: "PublishSubject"))
  }
}
