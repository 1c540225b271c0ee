import Foundation
import Streams
import Testing

@Suite("bind(to:), Binder and Reactive")
struct BindTests {
  final class Label: NSObject, @unchecked Sendable {
    var text: String?
    var count = 0
  }

  @Test("bind(to:) sends every event to each observer, also to observers of optionals")
  func observers() {
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    _ = Observable.of(1, 2).bind(to: first, second)
    #expect(first.elements == [1, 2] && first.isCompleted)
    #expect(second.elements == [1, 2] && second.isCompleted)
    let optional = Recorder<Int?>()
    _ = Observable.of(3).bind(to: optional)
    #expect(optional.elements == [3] && optional.isCompleted)
    let failing = Recorder<Int>()
    _ = Observable<Int>.error(TestError()).bind(to: failing)
    #expect(failing.error is TestError)
  }

  @Test("bind(to:) accepts into relays, optional ones too; completion leaves them open")
  func relays() {
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay(value: 0)
    let behaviorOptional = BehaviorRelay<Int?>(value: nil)
    let replay = ReplayRelay<Int>.create(bufferSize: 2)
    let seen = Recorder<Int>()
    _ = publish.subscribe(seen)
    _ = Observable.of(1, 2).bind(to: publish)
    _ = Observable.of(1, 2).bind(to: behavior, behavior)
    _ = Observable.of(5).bind(to: behaviorOptional)
    _ = Observable.of(1, 2, 3).bind(to: replay)
    #expect(seen.elements == [1, 2] && !seen.isCompleted)
    #expect(behavior.value == 2)
    #expect(behaviorOptional.value == 5)
    let replayed = Recorder<Int>()
    _ = replay.subscribe(replayed)
    #expect(replayed.elements == [2, 3])
  }

  @Test("An error that reaches a relay binding is reported as a bindingError diagnostic")
  func relayBindingError() {
    let relay = PublishRelay<Int>()
    let reported = HookScope.diagnostics {
      _ = Observable<Int>.error(TestError(id: 4)).bind(to: relay)
    }
    #expect(reported == [.bindingError("TestError(4)")])
  }

  @Test("bind(to:) with a function, a curried function; bind(onNext:) and bind(with:onNext:)")
  func functionsAndClosures() {
    let count = Observable.of(1, 2).bind(to: { source in source.toArray() })
    var collected: [Int] = []
    _ = count.subscribe(onSuccess: { collected = $0 })
    #expect(collected == [1, 2])
    let curried = Observable.of(1).bind(to: { _ in { (suffix: String) in "bound" + suffix } }, curriedArgument: "!")
    #expect(curried == "bound!")
    let log = Log()
    _ = Observable.of(1).bind(onNext: { log("\($0)") })
    let label = Label()
    _ = Observable.of("a").bind(with: label) { label, text in label.text = text }
    #expect(log.entries == ["1"])
    #expect(label.text == "a")
  }

  @Test("Binder runs on its scheduler while the target lives, then ignores elements")
  func binder() {
    var label: Label? = Label()
    let binder = Binder(label!, scheduler: CurrentThreadScheduler.instance) { label, value in label.count = value }
    weak let weakLabel = label
    let subject = PublishSubject<Int>()
    _ = subject.bind(to: binder)
    subject.onNext(3)
    #expect(label?.count == 3)
    label = nil
    #expect(weakLabel == nil)
    subject.onNext(4)
    subject.onCompleted()
  }

  @Test("A Binder reports an error as a bindingError diagnostic instead of trapping")
  func binderError() {
    let label = Label()
    let reported = HookScope.diagnostics {
      let binder = Binder<Int>(label, scheduler: CurrentThreadScheduler.instance) { _, _ in }
      binder.on(.error(TestError(id: 5)))
    }
    #expect(reported == [.bindingError("TestError(5)")])
  }

  @Test("rx: Reactive extensions, and a Binder for each writable property of an NSObject")
  func reactive() {
    let label = Label()
    #expect(label.rx.base === label)
    let binder: Binder<String?> = label.rx[dynamicMember: \Label.text]
    _ = binder
    var probe = Probe()
    #expect(probe.rx.doubled == 42)
    probe.rx = Reactive(Probe())
    #expect(Probe.rx == Reactive<Probe>.self)
  }

  @Test("Relays as Infallible")
  func relaysAsInfallible() {
    let relay = BehaviorRelay(value: 1)
    var values: [Int] = []
    _ = relay.asInfallible().subscribe(onNext: { values.append($0) })
    relay.accept(2)
    #expect(values == [1, 2])
    let publish = PublishRelay<Int>()
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    _ = publish.asInfallible().subscribe(onNext: { values.append($0) })
    replay.accept(9)
    _ = replay.asInfallible().subscribe(onNext: { values.append($0) })
    publish.accept(3)
    #expect(values == [1, 2, 9, 3])
  }
}

private struct Probe: ReactiveCompatible {
  var value = 21
}

extension Reactive where Base == Probe {
  fileprivate var doubled: Int { base.value * 2 }
}
