import Foundation
import Streams
import Testing

/// Serializes the tests that replace a global hook, and captures what reaches it.
enum HookScope {
  private static let lock = NSLock()

  /// Runs `body` while holding the hook lock.
  static func exclusively<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// The binding and main-thread diagnostics reported while `body` ran; other diagnostics still
  /// reach the hook that was installed before.
  static func diagnostics(during body: () -> Void) -> [Diagnostic] {
    exclusively {
      let previous = Hooks.diagnostic
      let captured = DiagnosticList()
      Hooks.diagnostic = { diagnostic in
        switch diagnostic {
        case .bindingError, .notOnMainThread: captured.append(diagnostic)
        default: previous(diagnostic)
        }
      }
      body()
      Hooks.diagnostic = previous
      return captured.items
    }
  }
}

/// Diagnostics appended from any thread.
final class DiagnosticList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [Diagnostic] = []

  func append(_ diagnostic: Diagnostic) {
    lock.lock()
    list.append(diagnostic)
    lock.unlock()
  }

  var items: [Diagnostic] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}

/// An error only these tests send, so that handlers pass every other error on.
private struct HookProbe: Error, Equatable {
  var id: Int
}

@Suite("Hooks: RxSwift's defaultErrorHandler and call stacks", .serialized)
struct HooksTests {
  @Test("defaultErrorHandler receives the errors that subscribe(onNext:) without onError drops")
  func defaultErrorHandler() {
    HookScope.exclusively {
      let original = Hooks.defaultErrorHandler
      defer { Hooks.defaultErrorHandler = original }
      var errors: [HookProbe] = []
      var stacks: [[String]] = []
      Hooks.defaultErrorHandler = { stack, error in
        guard let probe = error as? HookProbe else { return original(stack, error) }
        stacks.append(stack)
        errors.append(probe)
      }
      _ = Observable<Int>.error(HookProbe(id: 1)).subscribe()
      _ = Observable<Int>.error(HookProbe(id: 2)).subscribe(onError: { _ in })
      #expect(errors == [HookProbe(id: 1)])
      #expect(stacks == [[]])
    }
  }

  @Test("defaultErrorHandler receives a subject's error sent to subscribe(onNext:)")
  func defaultErrorHandlerForSubjects() {
    HookScope.exclusively {
      let original = Hooks.defaultErrorHandler
      defer { Hooks.defaultErrorHandler = original }
      let errors = ValueLog<Int>()
      Hooks.defaultErrorHandler = { stack, error in
        guard let probe = error as? HookProbe else { return original(stack, error) }
        #expect(stack.isEmpty)
        errors.append(probe.id)
      }
      let publish = PublishSubject<Int>()
      let behavior = BehaviorSubject(value: 0)
      let replay = ReplaySubject<Int>.create(bufferSize: 1)
      let async = AsyncSubject<Int>()
      let shared = PublishSubject<Int>()
      let subscriptions = [
        publish.subscribe(onNext: { _ in }), behavior.subscribe(onNext: { _ in }), replay.subscribe(onNext: { _ in }),
        async.subscribe(onNext: { _ in }), shared.share(replay: 1, scope: .whileConnected).subscribe(onNext: { _ in }),
      ]
      publish.onError(HookProbe(id: 1))
      behavior.onError(HookProbe(id: 2))
      replay.onError(HookProbe(id: 3))
      async.onError(HookProbe(id: 4))
      shared.onError(HookProbe(id: 5))
      #expect(errors.entries == [1, 2, 3, 4, 5])
      // A subscriber that comes after the error receives it at once; after dispose(), the
      // subject's own error.
      _ = publish.subscribe(onNext: { _ in })
      #expect(errors.entries == [1, 2, 3, 4, 5, 1])
      subscriptions.forEach { $0.dispose() }
    }
  }

  @Test("The default defaultErrorHandler hands errors to unhandledError")
  func defaultForwardsToUnhandledError() {
    HookScope.exclusively {
      let original = Hooks.unhandledError
      defer { Hooks.unhandledError = original }
      let log = Log()
      Hooks.unhandledError = { error in
        guard let probe = error as? HookProbe else { return original(error) }
        log("probe \(probe.id)")
      }
      _ = Observable<Int>.error(HookProbe(id: 3)).subscribe()
      #expect(log.entries == ["probe 3"])
    }
  }

  @Test("With recordCallStackOnError, the subscription's call stack comes from customCaptureSubscriptionCallstack")
  func callStacks() {
    HookScope.exclusively {
      let originalHandler = Hooks.defaultErrorHandler
      let originalCapture = Hooks.customCaptureSubscriptionCallstack
      defer {
        Hooks.defaultErrorHandler = originalHandler
        Hooks.customCaptureSubscriptionCallstack = originalCapture
        Hooks.recordCallStackOnError = false
      }
      var stack: [String] = ["not called"]
      Hooks.defaultErrorHandler = { callStack, error in
        guard error is HookProbe else { return originalHandler(callStack, error) }
        stack = callStack
      }
      Hooks.customCaptureSubscriptionCallstack = { ["frame"] }
      _ = Observable<Int>.error(HookProbe(id: 4)).subscribe()
      #expect(stack == [])
      Hooks.recordCallStackOnError = true
      let subject = PublishSubject<Int>()
      _ = subject.subscribe()
      Hooks.customCaptureSubscriptionCallstack = { ["later"] }
      subject.onError(HookProbe(id: 5))
      #expect(stack == ["frame"])
    }
  }

  @Test("RxError names StreamsError, with RxSwift's cases")
  func rxError() {
    let errors: [RxError] = [
      .unknown, .overflow, .argumentOutOfRange, .noElements, .moreThanOneElement, .timeout, .disposed(object: "x"),
    ]
    #expect(errors.allSatisfy { !$0.description.isEmpty && $0.debugDescription == $0.description })
    #expect(StreamsError.argumentOutOfRange == RxError.argumentOutOfRange)
    let recorder = Recorder<Int>()
    _ = Observable.of(1).element(at: 3).subscribe(recorder)
    #expect(recorder.error as? RxError == .argumentOutOfRange)
  }
}
