import Foundation
import Streams
import StreamsCocoa
import Testing

/// A control as UIKit or AppKit drives one, for the rules that need neither: a value, listeners
/// for its events, and the deallocation signal that `rx.deallocated` attaches on Apple platforms.
@MainActor
private final class TestControl {
  var value: Int
  /// In the order they started listening.
  var listeners: [(id: Int, handler: @MainActor (TestControl) -> Void)] = []
  private var nextListener = 0
  let deallocation = DeallocationSignal()

  init(value: Int) {
    self.value = value
  }

  /// What a user's edit does: the value changes, then the control sends its event.
  func edit(to newValue: Int) {
    value = newValue
    for listener in listeners { listener.handler(self) }
  }

  static func listen() -> ControlSource.Listen<TestControl> {
    { control, handler in
      control.nextListener += 1
      let id = control.nextListener
      control.listeners.append((id, handler))
      return Disposables.create { [weak control] in control?.listeners.removeAll { $0.id == id } }
    }
  }

  var property: ControlProperty<Int> {
    ControlSource.property(
      of: self, deallocated: deallocation.deallocated, listen: Self.listen(), getter: { $0.value },
      setter: { $0.value = $1 })
  }

  var event: ControlEvent<Int> {
    ControlSource.events(of: self, deallocated: deallocation.deallocated, listen: Self.listen()) { $0.value }
  }
}

extension CocoaTests {
  @Suite("ControlSource: RxCocoa's rules for a control's events and values")
  @MainActor
  struct ControlSourceTests {
    @Test("A property sends the current value on subscription, then the value after each event")
    func propertyValues() {
      let control = TestControl(value: 1)
      let values = ValueLog<Int>()
      let subscription = control.property.subscribe(onNext: values.append)
      control.edit(to: 2)
      control.edit(to: 3)
      #expect(values.entries == [1, 2, 3])
      subscription.dispose()
      #expect(control.listeners.isEmpty)
      control.edit(to: 4)
      #expect(values.entries == [1, 2, 3])
    }

    @Test("What is sent to a property sets the control, without sending an event of its own")
    func propertySink() {
      let control = TestControl(value: 1)
      let values = ValueLog<Int>()
      let property = control.property
      let subscription = property.subscribe(onNext: values.append)
      property.onNext(9)
      #expect(control.value == 9)
      #expect(values.entries == [1])
      subscription.dispose()
    }

    @Test("A property and an event complete when the control is deallocated, and release it")
    func completeOnDeallocation() {
      var control: TestControl? = TestControl(value: 1)
      weak let weakControl = control
      let log = Log()
      let property = control!.property
      let event = control!.event
      let first = property.subscribe(onNext: { log("value \($0)") }, onCompleted: { log("property completed") })
      let second = event.subscribe(onNext: { log("event \($0)") }, onCompleted: { log("event completed") })
      control?.edit(to: 2)
      control = nil
      #expect(weakControl == nil)
      #expect(log.entries == ["value 1", "value 2", "event 2", "property completed", "event completed"])
      // The binder holds the control weakly: a value sent now goes nowhere.
      property.onNext(5)
      first.dispose()
      second.dispose()
    }

    @Test("A property or event of a control already deallocated completes at once, without an element")
    func alreadyDeallocated() {
      var control: TestControl? = TestControl(value: 1)
      let property = control!.property
      let event = control!.event
      control = nil
      let log = Log()
      property.subscribe(onNext: { log("value \($0)") }, onCompleted: { log("property completed") }).dispose()
      event.subscribe(onNext: { log("event \($0)") }, onCompleted: { log("event completed") }).dispose()
      #expect(log.entries == ["property completed", "event completed"])
    }

    @Test("An event sends an element per event, not on subscription; each subscription listens on its own")
    func events() {
      let control = TestControl(value: 1)
      let first = ValueLog<Int>()
      let second = ValueLog<Int>()
      let a = control.event.subscribe(onNext: first.append)
      let b = control.event.subscribe(onNext: second.append)
      #expect(control.listeners.count == 2)
      control.edit(to: 2)
      a.dispose()
      control.edit(to: 3)
      b.dispose()
      #expect(first.entries == [2])
      #expect(second.entries == [2, 3])
      #expect(control.listeners.isEmpty)
    }

    @Test("Subscribed from a background thread, a control is read and listened to on the main thread")
    func subscribesOnMain() async {
      let control = TestControl(value: 7)
      let property = control.property
      // The main queue's work (on Linux it may run on a thread other than the process's first).
      let mainQueue = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: mainQueue, value: true)
      defer { DispatchQueue.main.setSpecific(key: mainQueue, value: nil) }
      let threads = ValueLog<Bool>()
      let values = ValueLog<Int>()
      let delivered = Gate()
      // Unchecked: the property is handed to one other thread, which only subscribes to it.
      let handedOver = UncheckedSendable(property)
      let subscription = await Task.detached {
        handedOver.value.do(onNext: { _ in threads.append(DispatchQueue.getSpecific(key: mainQueue) == true) })
          .subscribe(onNext: { value in
            values.append(value)
            delivered.open()
          })
      }.value
      #expect(await delivered.wait(seconds: 5))
      #expect(values.entries == [7])
      #expect(threads.entries == [true])
      #expect(control.listeners.count == 1)
      subscription.dispose()
    }

    @Test("A notification listener reacts to its object's posts only, and stops when disposed")
    func notifications() {
      let center = NotificationCenter()
      let name = Notification.Name("StreamsCocoaTests.changed")
      let control = TestControl(value: 1)
      let other = TestControl(value: 0)
      let values = ValueLog<Int>()
      let property = ControlSource.property(
        of: control, deallocated: control.deallocation.deallocated,
        listen: ControlSource.listening(to: name, center: center), getter: { $0.value }, setter: { $0.value = $1 })
      let subscription = property.subscribe(onNext: values.append)
      control.value = 2
      center.post(name: name, object: control)
      center.post(name: name, object: other)
      subscription.dispose()
      control.value = 3
      center.post(name: name, object: control)
      #expect(values.entries == [1, 2])
    }

    @Test("A deallocation signal sends once and completes when its owner goes, to every subscriber")
    func deallocationSignal() {
      var control: TestControl? = TestControl(value: 0)
      let log = Log()
      let deallocated = control!.deallocation.deallocated
      let first = deallocated.subscribe(onNext: { log("first") }, onCompleted: { log("first completed") })
      let second = deallocated.subscribe(onNext: { log("second") }, onCompleted: { log("second completed") })
      #expect(log.entries.isEmpty)
      control = nil
      #expect(log.entries == ["first", "second", "first completed", "second completed"])
      first.dispose()
      second.dispose()
    }
  }
}
