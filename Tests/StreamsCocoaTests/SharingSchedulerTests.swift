import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  @Suite("SharingScheduler")
  @MainActor
  struct SharingSchedulerTests {
    @Test("make returns a new MainScheduler each time unless mocked")
    func defaultIsMain() {
      let first = SharingScheduler.make() as? MainScheduler
      let second = SharingScheduler.make() as? MainScheduler
      #expect(first != nil && second != nil)
      #expect(first !== second)
    }

    @Test("mock(scheduler:) installs the scheduler inside the action, nests, and restores after")
    func mockNests() {
      let outer = TestScheduler(initialClock: 0)
      let inner = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: outer) {
        #expect(SharingScheduler.make() as? TestScheduler === outer)
        SharingScheduler.mock(makeScheduler: { inner }) {
          #expect(SharingScheduler.make() as? TestScheduler === inner)
          #expect(DriverSharingStrategy.scheduler as? TestScheduler === inner)
          #expect(SignalSharingStrategy.scheduler as? TestScheduler === inner)
        }
        #expect(SharingScheduler.make() as? TestScheduler === outer)
      }
      #expect(SharingScheduler.make() is MainScheduler)
    }

    @Test("mock restores the previous scheduler when the action throws")
    func mockRestoresOnThrow() {
      #expect(throws: TestError.self) {
        try SharingScheduler.mock(scheduler: TestScheduler(initialClock: 0)) { throw TestError() }
      }
      #expect(SharingScheduler.make() is MainScheduler)
    }

    @Test("mock(makeScheduler:) calls the factory once per shared sequence built")
    func factoryPerSequence() {
      let scheduler = TestScheduler(initialClock: 0)
      var made = 0
      SharingScheduler.mock(makeScheduler: {
        made += 1
        return scheduler
      }) {
        _ = Observable.just(1).asDriver(onErrorJustReturn: 0)
        _ = Observable.just(1).asSignal(onErrorJustReturn: 0)
      }
      #expect(made == 2)
    }
  }
}
