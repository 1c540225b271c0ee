import Streams
import StreamsTest
import Testing

@Suite("assertNoLeakedResources")
struct ResourceAssertionTests {
  @Test("passes silently when the checked code releases everything")
  func passes() {
    let failures = collectFailures {
      assertNoLeakedResources {
        let bag = DisposeBag()
        Observable.of(1, 2).map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: bag)
      }
    }
    #expect(failures.isEmpty)
  }

  @Test("reports a subscription left running, with the count and the message")
  func reportsLeak() {
    let subject = PublishSubject<Int>()
    var leaked: Disposable?
    let failures = collectFailures {
      assertNoLeakedResources("the screen") { leaked = subject.map { $0 }.subscribe(onNext: { _ in }) }
    }
    leaked?.dispose()
    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("the screen: ") == true)
    #expect(failures.first?.message.contains("still alive after it returned") == true)
  }

  @Test("the async form counts what its body creates")
  func asyncForm() async {
    let subject = PublishSubject<Int>()
    let failures = await collectFailures {
      await assertNoLeakedResources {
        let subscription = subject.subscribe(onNext: { _ in })
        await Task.yield()
        subscription.dispose()
      }
    }
    #expect(failures.isEmpty)
  }
}
