// What StreamsTest.md takes for granted: results recorded by a test, and a model under test.
import Streams
import StreamsTest

struct Model: Sendable {
  var items: Observable<[String]> { .just(["a", "b"]) }
}

let model = Model()
@MainActor let res = {
  let scheduler = TestScheduler(initialClock: 0)
  return scheduler.start { scheduler.createColdObservable([.next(10, 4), .completed(100)]).asObservable() }
}()
@MainActor let singleEvents: [SingleEvent<Int>] = [.success(1)]
