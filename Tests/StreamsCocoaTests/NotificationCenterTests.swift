import Foundation
import Streams
import StreamsCocoa
import Testing

@Suite struct NotificationCenterTests {
  static let ping = Notification.Name("StreamsCocoaTests.ping")
  static let other = Notification.Name("StreamsCocoaTests.other")

  @Test func deliversNotificationsPostedOnAnotherThreadOnThatThread() {
    let center = NotificationCenter()
    let received = Received()
    let subscription = center.rx.notification(Self.ping).subscribe(onNext: { notification in
      received.append(notification.name, onMainThread: Thread.isMainThread)
    })
    defer { subscription.dispose() }

    let posted = DispatchSemaphore(value: 0)
    let poster = Thread {
      center.post(name: Self.other, object: nil)
      center.post(name: Self.ping, object: nil)
      posted.signal()
    }
    poster.start()
    #expect(posted.wait(timeout: .now() + 10) == .success)
    #expect(received.names == [Self.ping])
    #expect(received.onMainThread == [false])
  }

  @Test func filtersOnTheObject() {
    let center = NotificationCenter()
    let sender = NSObject()
    let received = Received()
    let subscription = center.rx.notification(Self.ping, object: sender).subscribe(onNext: {
      received.append($0.name, onMainThread: false)
    })
    defer { subscription.dispose() }

    center.post(name: Self.ping, object: NSObject())
    center.post(name: Self.ping, object: sender)
    #expect(received.names == [Self.ping])
  }

  @Test func eachSubscriptionAddsItsOwnObserver() {
    let center = NotificationCenter()
    let received = Received()
    let notifications = center.rx.notification(Self.ping)
    let first = notifications.subscribe(onNext: { received.append($0.name, onMainThread: false) })
    let second = notifications.subscribe(onNext: { received.append($0.name, onMainThread: false) })
    center.post(name: Self.ping, object: nil)
    first.dispose()
    center.post(name: Self.ping, object: nil)
    second.dispose()
    #expect(received.names.count == 3)
  }

  @Test func disposeRemovesTheObserverFromTheCenter() {
    let center = NotificationCenter()
    let received = Received()
    weak var weakCanary: Canary?
    let subscription: Disposable
    do {
      let canary = Canary()
      weakCanary = canary
      subscription = center.rx.notification(Self.ping).subscribe(onNext: { notification in
        canary.touch()
        received.append(notification.name, onMainThread: false)
      })
    }
    center.post(name: Self.ping, object: nil)
    #expect(weakCanary != nil, "the center holds the observer block while subscribed")

    subscription.dispose()
    center.post(name: Self.ping, object: nil)
    #expect(weakCanary == nil, "after dispose the center no longer holds the observer block")
    #expect(received.names == [Self.ping])
  }
}

/// An object captured by an observer closure, to see when the closure is released.
private final class Canary: @unchecked Sendable {
  private(set) var touches = 0
  func touch() { touches += 1 }
}

/// Notification names received, from any thread.
private final class Received: @unchecked Sendable {
  private let lock = NSLock()
  private var _names: [Notification.Name] = []
  private var _onMainThread: [Bool] = []

  func append(_ name: Notification.Name, onMainThread: Bool) {
    lock.withLock {
      _names.append(name)
      _onMainThread.append(onMainThread)
    }
  }

  var names: [Notification.Name] { lock.withLock { _names } }
  var onMainThread: [Bool] { lock.withLock { _onMainThread } }
}
