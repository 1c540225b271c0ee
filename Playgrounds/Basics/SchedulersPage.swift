import Dispatch
import Streams

/// Page 5: schedulers decide where and when work runs.
func schedulersPage() {
  page(
    5, "Schedulers", "Without a scheduler, of/from/range are synchronous; with one, each element is a scheduled step.")
  let queue = SerialDispatchQueueScheduler(internalSerialQueueName: "basics.background")
  let finished = DispatchSemaphore(value: 0)
  _ = Observable.range(start: 1, count: 3, scheduler: queue)
    .map { $0 * 100 }
    .subscribe(onNext: { show("on a background queue: \($0)") }, onCompleted: { finished.signal() })
  finished.wait()
  _ = Observable.repeatElement("tick").take(2).subscribe(onNext: { show("trampoline: \($0)") })
  show("repeatElement never ends by itself; take(2) disposes it, on the current-thread trampoline.")
}
