import Dispatch
import Streams
import StreamsCocoa
import Testing

extension CocoaTests {
  /// Real main-queue delivery, without mocking. Not on the main actor: each test blocks its own
  /// thread until the main queue delivered, with a bounded wait.
  @Suite("Main-queue delivery")
  struct MainQueueDeliveryTests {
    @Test("Elements sent on a background thread are driven on the main queue")
    func driverDeliversOnMain() {
      let subject = PublishSubject<Int>()
      let delivered = DispatchSemaphore(value: 0)
      let onMain = Log()
      let subscription = subject.asDriver(onErrorJustReturn: -1).drive(onNext: { value in
        onMain("\(value) \(MainQueue.isCurrent)")
        delivered.signal()
      })
      DispatchQueue.global().async { subject.onNext(1) }
      #expect(delivered.wait(timeout: .now() + 10) == .success)
      subscription.dispose()
      #expect(onMain.entries == ["1 true"])
    }

    @Test("Elements sent on a background thread are emitted on the main queue")
    func signalDeliversOnMain() {
      let relay = PublishRelay<Int>()
      let delivered = DispatchSemaphore(value: 0)
      let onMain = Log()
      let subscription = relay.asSignal().emit(onNext: { value in
        onMain("\(value) \(MainQueue.isCurrent)")
        delivered.signal()
      })
      DispatchQueue.global().async { relay.accept(1) }
      #expect(delivered.wait(timeout: .now() + 10) == .success)
      subscription.dispose()
      #expect(onMain.entries == ["1 true"])
    }
  }
}
