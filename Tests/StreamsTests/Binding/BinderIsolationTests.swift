import Dispatch
import Streams
import Testing

/// A target with main-actor state.
@MainActor
private final class Label {
  var text = ""
}

@Suite("Binder: isolation of the binding", .serialized)
struct BinderIsolationTests {
  @Test("Without a scheduler, the binding is a @MainActor closure run on the main actor, also when built off it")
  func mainActorBinding() async {
    let label = Label()
    let bound = DispatchSemaphore(value: 0)
    let binder = Binder(label) { label, text in
      label.text = text
      bound.signal()
    }
    let violations = await IsolationViolations.reported {
      binder.onNext("hello")  // From a background thread: scheduled on the main queue.
      #expect(Watchdog.wait(bound))
    }
    #expect(violations.isEmpty)
    #expect(await label.text == "hello")
  }

  @Test("With a scheduler, the binding keeps the caller's isolation: a main-actor binding run off it is reported")
  @MainActor
  func schedulerBindingKeepsTheCallersIsolation() async {
    let label = Label()
    let bound = DispatchSemaphore(value: 0)
    let violations = await IsolationViolations.reported {
      let binder = Binder<String>(label, scheduler: ConcurrentDispatchQueueScheduler(qos: .default)) { _, _ in
        bound.signal()
      }
      binder.onNext("hello")
      #expect(Watchdog.wait(bound))
    }
    #expect(violations.map(\.operatorName) == ["Binder"])
  }

  @Test("With a scheduler, a binding built outside any actor runs there unchecked")
  func nonisolatedSchedulerBinding() async {
    let log = Log()
    let violations = await IsolationViolations.reported {
      let binder = Binder(log, scheduler: CurrentThreadScheduler.instance) { log, text in log(text) }
      binder.onNext("hello")
    }
    #expect(violations.isEmpty)
    #expect(log.entries == ["hello"])
  }
}
