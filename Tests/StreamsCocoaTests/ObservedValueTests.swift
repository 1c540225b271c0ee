import Observation
import Streams
import StreamsCocoa
import Testing

extension CocoaTests {
  /// `ObservedValue` fed by a `Driver` or a `Signal`: the shared sequences send on the main thread,
  /// so each element updates the holder at once.
  @Suite("ObservedValue from a Driver or a Signal")
  @MainActor
  struct ObservedValueSharedSequenceTests {
    @Test("A Driver's replayed element, then each element; each update is reported to Observation")
    func driver() {
      let relay = BehaviorRelay(value: "a")
      let holder = ObservedValue(relay.asDriver(), initial: "")
      #expect(holder.value == "a")
      let changes = observationChanges { _ = holder.value }
      relay.accept("b")
      #expect(changes.value == 1)
      #expect(holder.value == "b")
    }

    @Test("A Signal's elements after the holder exists; the initial value until then")
    func signal() {
      let relay = PublishRelay<Int>()
      let holder = ObservedValue(relay.asSignal(), initial: 0)
      #expect(holder.value == 0)
      relay.accept(5)
      #expect(holder.value == 5)
      #expect(holder.failure == nil)
    }

    @Test("Releasing the holder ends the driver's subscription")
    func lifetime() {
      let subject = PublishSubject<Int>()
      weak var weakHolder: ObservedValue<Int>?
      do {
        let holder = ObservedValue(subject.asDriver(onErrorJustReturn: 0), initial: 0)
        weakHolder = holder
        #expect(subject.hasObservers)
      }
      #expect(weakHolder == nil)
      #expect(!subject.hasObservers)
    }
  }
}
