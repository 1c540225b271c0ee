import Dispatch
import Foundation
import Streams
import Testing

@Suite("MainScheduler and ConcurrentMainScheduler, as in RxSwift")
struct MainSchedulerTests {
  @Test("MainScheduler is a SerialDispatchQueueScheduler; MainScheduler() makes a new one")
  func isSerialDispatchQueueScheduler() {
    let serial: SerialDispatchQueueScheduler = MainScheduler.instance
    let made: SerialDispatchQueueScheduler = MainScheduler()
    #expect(serial is MainScheduler)
    #expect(made !== MainScheduler.instance)
    #expect(!(MainScheduler.asyncInstance is MainScheduler))
  }

  @Test("ensureExecutingOnScheduler and ensureRunningOnMainThread report off the main thread, stay quiet on it")
  func ensureChecks() async {
    let offMain = HookScope.diagnostics {
      let done = DispatchSemaphore(value: 0)
      Thread {
        MainScheduler.ensureExecutingOnScheduler()
        MainScheduler.ensureRunningOnMainThread(errorMessage: "custom")
        done.signal()
      }.start()
      #expect(done.wait(timeout: .now() + 10) == .success)
    }
    #expect(offMain.count == 2)
    #expect(offMain.last == .notOnMainThread("custom"))
    let onMain: [Diagnostic] = await MainActor.run {
      HookScope.diagnostics {
        MainScheduler.ensureExecutingOnScheduler()
        MainScheduler.ensureRunningOnMainThread()
      }
    }
    #expect(onMain.isEmpty)
  }

  @Test("ConcurrentMainScheduler runs at once on the main thread and queues on the main queue elsewhere")
  func concurrentMainScheduler() async {
    let ranAtOnce: Bool = await MainActor.run {
      var ran = false
      _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
        ran = true
        return Disposables.create()
      }
      return ran
    }
    #expect(ranAtOnce)
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    let queue: String? = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
          continuation.resume(returning: DispatchQueue.getSpecific(key: key))
          return Disposables.create()
        }
      }
    }
    #expect(queue == "main")
  }
}
