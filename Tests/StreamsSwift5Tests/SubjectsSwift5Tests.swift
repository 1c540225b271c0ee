import Foundation
import Streams
import Testing

// RxSwift-style code with subjects and relays, as an app written before Swift 6 has it: relays
// bound into a DisposeBag, a relay passed as an ObservableType to generic code, a ReplaySubject
// subscribed while another thread sends, a late subscriber that waits for a sender's lock, the
// error of a disposed subject's value(). This target compiles in Swift 5 language mode.
struct SubjectsSwift5Tests {
  func firstElements<O: ObservableType>(of source: O, count: Int) -> [O.Element] {
    var elements: [O.Element] = []
    _ = source.take(count).subscribe(onNext: { elements.append($0) })
    return elements
  }

  @Test func relaysAsObservables() {
    let disposeBag = DisposeBag()
    let name = BehaviorRelay(value: "a")
    let taps = PublishRelay<Void>()
    let log = ReplayRelay<String>.create(bufferSize: 2)
    var tapCount = 0
    taps.subscribe(onNext: { tapCount += 1 }).disposed(by: disposeBag)
    name.asObservable().bind(to: log).disposed(by: disposeBag)
    name.accept("b")
    taps.accept(())
    taps.accept(())
    #expect(firstElements(of: name, count: 1) == ["b"])
    #expect(firstElements(of: log, count: 2) == ["a", "b"])
    #expect(tapCount == 2)
    #expect(taps.hasObservers)
  }

  @Test func replaySubjectWhileAnotherThreadSends() {
    let subject = ReplaySubject<Int>.createUnbounded()
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      for value in 0..<500 { subject.onNext(value) }
      subject.onCompleted()
      sent.signal()
    }
    var received: [Int] = []
    var completed = false
    let lock = NSLock()
    let subscription = subject.subscribe(
      onNext: { value in
        lock.lock()
        received.append(value)
        lock.unlock()
      },
      onCompleted: { completed = true })
    #expect(sent.wait(timeout: .now() + 5) == .success)
    subscription.dispose()
    lock.lock()
    defer { lock.unlock() }
    #expect(received == Array(0..<500))
    #expect(completed)
  }

  final class Screen {
    let events: PublishRelay<String>
    init(events: PublishRelay<String>) { self.events = events }
    deinit { events.accept("closed") }
  }

  // A screen kept alive only by its subscription tells the relay it closed when the bag that
  // holds the subscription goes away (in the background, so a deadlock fails instead of hanging).
  @Test func ownerDeinitSendsToTheRelayItWasSubscribedTo() {
    let events = PublishRelay<String>()
    var received: [String] = []
    _ = events.subscribe(onNext: { received.append($0) })
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      var bag = DisposeBag()
      do {
        let screen = Screen(events: events)
        events.subscribe(onNext: { [screen] _ in _ = screen }).disposed(by: bag)
      }
      bag = DisposeBag()
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received == ["closed"])
  }

  @MainActor @Test func disposedSubjectError() {
    let subject = BehaviorSubject(value: 1)
    subject.dispose()
    do {
      _ = try subject.value()
      Issue.record("value() of a disposed subject must throw")
    } catch let error as RxError {
      #expect(error == RxError.disposed(object: subject))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  // A late subscriber whose replay waits on a lock that a sender holds: the subject holds no lock
  // while it replays, so the sender is not blocked.
  @Test func lateSubscriberMayWaitForASender() {
    let subject = BehaviorSubject(value: 1)
    let gate = NSLock()
    let replayStarted = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let received = ReceivedValues()
    gate.lock()
    DispatchQueue.global().async {
      _ = subject.subscribe(onNext: { value in
        if value == 1 {
          replayStarted.signal()
          gate.lock()
          gate.unlock()
        }
        received.values.append(value)
        if value == 2 { done.signal() }
      })
    }
    #expect(replayStarted.wait(timeout: .now() + 5) == .success)
    subject.onNext(2)  // Holding `gate`, which the replay waits for.
    gate.unlock()
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(received.values == [1, 2])
  }
}

/// What the late subscriber received; written only by its (serialized) deliveries.
final class ReceivedValues {
  var values: [Int] = []
}
