import Foundation
import Streams
import StreamsCocoa
import StreamsTestSupport
import Testing

@testable import StreamsCocoa

/// A delegate protocol as UIKit's are: notifications the proxy observes, and a method whose
/// presence changes what the parent does (``TestParentProxy/removed``).
@MainActor
private protocol TestDelegate: AnyObject {
  func parentChanged(_ value: Int)
}

/// An object with one delegate, as a UIKit view is: it records each delegate it is given.
@MainActor
private class TestParent: HasDelegate {
  var delegate: TestDelegate? {
    didSet {
      delegateSets.append(delegate.map { "\(type(of: $0))" } ?? "nil")
      onDelegateSet()
    }
  }
  var delegateSets: [String] = []
  var onDelegateSet: @MainActor () -> Void = {}

  /// What the parent does on a change: tells its delegate.
  func change(to value: Int) {
    delegate?.parentChanged(value)
  }
}

@MainActor
private final class TestParentSubclass: TestParent {}

/// A plain delegate, set before any proxy, that must keep receiving its calls.
@MainActor
private final class RecordingDelegate: TestDelegate {
  var values: [Int] = []

  func parentChanged(_ value: Int) {
    values.append(value)
  }
}

@MainActor
private final class TestParentProxy: DelegateProxy<TestParent, TestDelegate>, DelegateProxyType, TestDelegate {
  let changed = DelegateMethod<Int>()
  private(set) var removed: DelegateMethod<Int>!

  init(parent: TestParent) {
    super.init(parentObject: parent, delegateProxy: TestParentProxy.self)
    removed = DelegateMethod(answeringOnlyWhileObserved: "parentRemoved:", of: self)
  }

  static func registerKnownImplementations() {
    register { TestParentProxy(parent: $0) }
  }

  func parentChanged(_ value: Int) {
    forwardToDelegate()?.parentChanged(value)
    changed.send(value)
  }
}

/// Diagnostics about this file's test types reported while `body` runs (others pass on).
@MainActor
private func reports(during body: () -> Void) -> [String] {
  let captured = DiagnosticCapture { diagnostic in
    switch diagnostic {
    case .delegateProxyMisuse(let text) where text.contains("Test"),
      .bindingError(let text) where text.contains("Test"):
      "\(diagnostic)"
    default:
      nil
    }
  }
  defer { captured.end() }
  body()
  return captured.texts
}

extension CocoaTests {
  @Suite("DelegateProxy: one proxy per object, forwarding to the delegate it replaced")
  @MainActor
  struct DelegateProxyTests {
    @Test("proxy(for:) makes one proxy per object, sets it as the delegate, and forwards to the delegate it replaced")
    func oneProxyThatForwards() {
      let parent = TestParent()
      let original = RecordingDelegate()
      parent.delegate = original
      let proxy = TestParentProxy.proxy(for: parent)
      #expect(TestParentProxy.proxy(for: parent) === proxy)
      #expect(parent.delegate === proxy)
      #expect(proxy.forwardToDelegate() === original)

      let observed = ValueLog<Int>()
      let subscription = proxy.changed.events.subscribe(onNext: observed.append)
      parent.change(to: 7)
      #expect(observed.entries == [7])
      #expect(original.values == [7])
      subscription.dispose()
      #expect(TestParentProxy.proxy(for: TestParent()) !== proxy)
    }

    @Test("A delegate set over the proxy becomes the forward delegate the next time the proxy is asked for")
    func delegateSetOverTheProxy() {
      let parent = TestParent()
      let proxy = TestParentProxy.proxy(for: parent)
      let later = RecordingDelegate()
      parent.delegate = later
      #expect(TestParentProxy.proxy(for: parent) === proxy)
      #expect(parent.delegate === proxy)
      #expect(proxy.forwardToDelegate() === later)
    }

    @Test("A subclass gets the proxy registered for its nearest registered superclass")
    func subclassUsesTheSuperclassFactory() {
      let proxy = TestParentProxy.proxy(for: TestParentSubclass())
      #expect(type(of: proxy) == TestParentProxy.self)
    }

    @Test("Registering a second factory for one class is refused and reported")
    func secondFactoryRefused() {
      let reported = reports { TestParentProxy.register { TestParentProxy(parent: $0) } }
      #expect(reported.count == 1)
      #expect(reported.first?.contains("already has a factory for TestParent") == true)
    }

    @Test("installForwardDelegate installs until disposed; a weakly held delegate is not kept alive")
    func installAndRemove() {
      let parent = TestParent()
      var delegate: RecordingDelegate? = RecordingDelegate()
      weak let weakDelegate = delegate
      let installation = TestParentProxy.installForwardDelegate(
        delegate!, retainDelegate: false, onProxyForObject: parent)
      parent.change(to: 1)
      #expect(delegate?.values == [1])
      delegate = nil
      #expect(weakDelegate == nil)
      #expect(TestParentProxy.proxy(for: parent).forwardToDelegate() == nil)
      installation.dispose()

      let retained = TestParentProxy.installForwardDelegate(
        RecordingDelegate(), retainDelegate: true, onProxyForObject: parent)
      #expect(TestParentProxy.proxy(for: parent).forwardToDelegate() != nil)
      retained.dispose()
      #expect(TestParentProxy.proxy(for: parent).forwardToDelegate() == nil)
    }

    @Test("A second forward delegate is refused and reported; the first keeps its calls; the same one again is fine")
    func secondForwardDelegateRefused() {
      let parent = TestParent()
      let first = RecordingDelegate(), second = RecordingDelegate()
      let installation = TestParentProxy.installForwardDelegate(first, retainDelegate: false, onProxyForObject: parent)
      var refused: Disposable?
      let reported = reports {
        refused = TestParentProxy.installForwardDelegate(second, retainDelegate: false, onProxyForObject: parent)
      }
      #expect(reported.count == 1)
      #expect(reported.first?.contains("TestParent already forwards to RecordingDelegate") == true)
      refused?.dispose()
      parent.change(to: 2)
      #expect(first.values == [2])
      #expect(second.values.isEmpty)

      let again = reports {
        TestParentProxy.installForwardDelegate(first, retainDelegate: false, onProxyForObject: parent).dispose()
      }
      #expect(again.isEmpty)
      parent.change(to: 3)
      #expect(first.values == [2, 3])
      installation.dispose()
      #expect(TestParentProxy.proxy(for: parent).forwardToDelegate() == nil)
    }

    @Test("Installing a forward delegate sets the proxy as the delegate again, so the parent asks anew what it answers")
    func installationResetsTheDelegate() {
      let parent = TestParent()
      _ = TestParentProxy.proxy(for: parent)
      let delegate = RecordingDelegate()
      let installation = TestParentProxy.installForwardDelegate(
        delegate, retainDelegate: false, onProxyForObject: parent)
      #expect(parent.delegateSets == ["TestParentProxy", "nil", "TestParentProxy"])
      installation.dispose()
      #expect(parent.delegateSets == ["TestParentProxy", "nil", "TestParentProxy", "nil", "TestParentProxy"])
    }

    @Test("Disposing an installation leaves a delegate that replaced it in place")
    func disposalLeavesALaterDelegate() {
      let parent = TestParent()
      let first = RecordingDelegate(), later = RecordingDelegate()
      let installation = TestParentProxy.installForwardDelegate(first, retainDelegate: false, onProxyForObject: parent)
      parent.delegate = later
      let proxy = TestParentProxy.proxy(for: parent)
      #expect(proxy.forwardToDelegate() === later)
      installation.dispose()
      #expect(proxy.forwardToDelegate() === later)
      parent.change(to: 5)
      #expect(later.values == [5])
      #expect(first.values.isEmpty)
    }

    @Test(
      "A method observed only while observed: answered while subscribed, and the delegate is set again each time that changes"
    )
    func observedOnlyMethod() {
      let parent = TestParent()
      let proxy = TestParentProxy.proxy(for: parent)
      let setsBefore = parent.delegateSets.count
      #expect(!proxy.answers("parentRemoved:", implemented: true) { _ in false })
      #expect(proxy.answers("parentChanged:", implemented: true) { _ in false })

      let first = proxy.removed.events.subscribe()
      let second = proxy.removed.events.subscribe()
      #expect(proxy.answers("parentRemoved:", implemented: true) { _ in false })
      #expect(Array(parent.delegateSets.dropFirst(setsBefore)) == ["nil", "TestParentProxy"])
      first.dispose()
      #expect(proxy.answers("parentRemoved:", implemented: true) { _ in false })
      second.dispose()
      #expect(!proxy.answers("parentRemoved:", implemented: true) { _ in false })
      #expect(Array(parent.delegateSets.dropFirst(setsBefore)) == ["nil", "TestParentProxy", "nil", "TestParentProxy"])
    }

    @Test("Subscribed and disposed on another thread, an observed-only method is counted on the main queue")
    func observedFromAnotherThread() async {
      let parent = TestParent()
      let proxy = TestParentProxy.proxy(for: parent)
      let observed = Gate(), unobserved = Gate()
      parent.onDelegateSet = {
        guard parent.delegate === proxy else { return }
        if parent.delegateSets.count == 3 { observed.open() }
        if parent.delegateSets.count == 5 { unobserved.open() }
      }
      // Unchecked: the sequence is handed to one other thread, which only subscribes to it.
      let events = UncheckedSendable(proxy.removed.events)
      let subscription = await Task.detached { events.value.subscribe() }.value
      #expect(await observed.wait(seconds: 5))
      #expect(proxy.answers("parentRemoved:", implemented: true) { _ in false })
      await Task.detached { subscription.dispose() }.value
      #expect(await unobserved.wait(seconds: 5))
      #expect(!proxy.answers("parentRemoved:", implemented: true) { _ in false })
      #expect(parent.delegateSets == ["TestParentProxy", "nil", "TestParentProxy", "nil", "TestParentProxy"])
    }

    @Test("A method is answered when the forward delegate answers it, observed or not")
    func forwardDelegateAnswers() {
      let parent = TestParent()
      let original = RecordingDelegate()
      parent.delegate = original
      let proxy = TestParentProxy.proxy(for: parent)
      #expect(proxy.answers("parentRemoved:", implemented: true) { $0 is RecordingDelegate })
      #expect(proxy.answers("unknown:", implemented: false) { $0 is RecordingDelegate })
      #expect(!proxy.answers("unknown:", implemented: false) { _ in false })
    }

    @Test("A delegate method's events complete when the proxy goes with its parent")
    func eventsCompleteWithTheParent() {
      var parent: TestParent? = TestParent()
      weak let weakProxy = TestParentProxy.proxy(for: parent!)
      let events = Recorder<Int>()
      let subscription = weakProxy!.changed.events.subscribe(events)
      parent = nil
      // Off Apple platforms the table of proxies lets go of a dead parent's proxies on the next attach.
      _ = TestParentProxy.proxy(for: TestParent())
      #expect(weakProxy == nil)
      #expect(events.isCompleted && events.elements.isEmpty)
      subscription.dispose()
    }
  }
}
