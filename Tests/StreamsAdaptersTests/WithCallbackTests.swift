import Foundation
import StreamsAdapters
import StreamsTest
import Testing

/// §5 rows for `withCallback`: normal, double, synchronous, dropped, never (timeout), cancel,
/// already cancelled; each asserts the outcome and how often the SDK's cancel hook ran.
@Suite("withCallback")
struct WithCallbackTests {
  /// Logs in through the simulated SDK, with its cancel hook.
  private func logIn(_ sdk: CallbackSDK<Int>, timeout: Timeout? = nil) async throws -> Int {
    try await withCallback(timeout: timeout) { (callback: Callback<Int>) in
      sdk.logIn(completion: callback.optionalPair)
      return Cancellation { sdk.cancel() }
    }
  }

  @Test("normal: the SDK calls back once, from another thread → the value; no cancel")
  func normal() async throws {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let value = try await diagnostics.record {
      let task = Task { try await logIn(sdk) }
      await sdk.starts.wait(for: 1)
      await sdk.callBackFromBackgroundThread(42, nil)
      return try await task.value
    }
    #expect(value == 42)
    #expect(sdk.cancels.value == 0)
    #expect(diagnostics.kinds.isEmpty)
  }

  @Test("double: the SDK calls back three times → the first value wins, no trap, two diagnostics")
  func tripleCallback() async throws {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let value = try await diagnostics.record {
      let task = Task { try await logIn(sdk) }
      await sdk.starts.wait(for: 1)
      sdk.callBack(42, nil)
      sdk.callBack(43, nil)
      sdk.callBack(nil, TestError())
      return try await task.value
    }
    #expect(value == 42)
    #expect(sdk.cancels.value == 0)
    #expect(diagnostics.kinds == [.duplicateCallback, .duplicateCallback])
    #expect(diagnostics.all.allSatisfy { $0.origin.hasPrefix("StreamsAdaptersTests/WithCallbackTests.swift:") })
  }

  @Test("synchronous: the SDK calls back inside start → the value")
  func synchronousCallback() async throws {
    let cancels = Counter()
    let value = try await withCallback { (callback: Callback<String>) in
      #expect(!callback.isResolved)
      callback.resume(returning: "now")
      #expect(callback.isResolved)
      return Cancellation { cancels.increment() }
    }
    #expect(value == "now")
    #expect(cancels.value == 0)
  }

  @Test("dropped: the SDK releases the handler without calling it → callbackDropped")
  func droppedLater() async throws {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let result = await diagnostics.record {
      let task = Task { try await logIn(sdk) }
      await sdk.starts.wait(for: 1)
      sdk.dropHandlers()
      return await task.result
    }
    #expect(failure(of: result) as? AdapterError == .callbackDropped)
    #expect(sdk.cancels.value == 0)
    #expect(diagnostics.kinds == [.callbackDropped])
  }

  @Test("dropped inside start: an SDK that never keeps the handler → callbackDropped, no hang")
  func droppedSynchronously() async throws {
    let cancels = Counter()
    let diagnostics = Diagnostics()
    let result = await diagnostics.record {
      await outcome {
        try await withCallback { (callback: Callback<Int>) in
          _ = callback.valueOnly  // looked at, never stored
          return Cancellation { cancels.increment() }
        }
      }
    }
    #expect(failure(of: result) as? AdapterError == .callbackDropped)
    #expect(cancels.value == 0)
    #expect(diagnostics.kinds == [.callbackDropped])
  }

  @Test("never, with a timeout: timedOut when the scheduler's time passes it; the cancel hook ran once")
  func neverCallsTimesOut() async throws {
    let sdk = CallbackSDK<Int>()
    let scheduler = TestScheduler(initialClock: 0)
    let timers = CountingScheduler(scheduler)
    let diagnostics = Diagnostics()
    let result = await diagnostics.record {
      let task = Task { try await logIn(sdk, timeout: .after(.seconds(10), on: timers)) }
      await timers.scheduled.wait(for: 1)
      scheduler.advanceTo(9)
      #expect(sdk.cancels.value == 0)
      scheduler.advanceTo(10)
      let result = await task.result
      sdk.callBack(1, nil)  // far too late
      return result
    }
    #expect(failure(of: result) as? AdapterError == .timedOut)
    #expect(sdk.cancels.value == 1)
    #expect(diagnostics.kinds == [.lateCallback(endedBy: .timedOut)])
  }

  @Test("never, with a timeout on the scheduler's clock: timedOut when virtual time passes it", .timeLimit(.minutes(1)))
  func neverCallsTimesOutOnVirtualClock() async throws {
    let sdk = CallbackSDK<Int>()
    let scheduler = TestScheduler(initialClock: 0)
    let clock = scheduler.asClock()
    let task = Task { try await logIn(sdk, timeout: .duration(.seconds(10), clock: clock)) }
    await sdk.starts.wait(for: 1)
    await clock.advance(by: .seconds(9))
    #expect(sdk.cancels.value == 0)
    await clock.advance(by: .seconds(1))
    let result = await task.result
    #expect(failure(of: result) as? AdapterError == .timedOut)
    #expect(sdk.cancels.value == 1)
    #expect(scheduler.clock == 10)
  }

  @Test("never, with a real 50 ms timeout: timedOut; the cancel hook ran once")
  func neverCallsRealTimeout() async throws {
    let sdk = CallbackSDK<Int>()
    let result = await outcome { try await logIn(sdk, timeout: .seconds(0.05)) }
    #expect(failure(of: result) as? AdapterError == .timedOut)
    #expect(sdk.cancels.value == 1)
  }

  @Test("a timeout does not fire after the callback won; the hook never runs")
  func timeoutAfterSuccess() async throws {
    let sdk = CallbackSDK<Int>()
    let task = Task { try await logIn(sdk, timeout: .seconds(60)) }
    await sdk.starts.wait(for: 1)
    sdk.callBack(7, nil)
    #expect(try await task.value == 7)
    #expect(sdk.cancels.value == 0)
  }

  @Test("a timeout of .never on a scheduler arms no timer; the SDK's answer ends the wait")
  func neverTimeout() async throws {
    let timers = CountingScheduler(TestScheduler(initialClock: 0))
    let sdk = CallbackSDK<Int>()
    let task = Task { try await logIn(sdk, timeout: .after(.never, on: timers)) }
    await sdk.starts.wait(for: 1)
    sdk.callBack(7, nil)
    #expect(try await task.value == 7)
    #expect(timers.scheduled.value == 0)
    #expect(sdk.cancels.value == 0)
  }

  @Test("cancel: CancellationError at once, without the SDK answering; the hook ran once")
  func cancel() async throws {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let result = await diagnostics.record {
      let task = Task { try await logIn(sdk) }
      await sdk.starts.wait(for: 1)
      task.cancel()
      let result = await task.result
      #expect(sdk.cancels.value == 1)  // ran before withCallback threw
      sdk.callBack(5, nil)  // the SDK answers after all: ignored
      return result
    }
    #expect(failure(of: result) is CancellationError)
    #expect(sdk.cancels.value == 1)
    #expect(diagnostics.kinds == [.lateCallback(endedBy: .cancelled)])
  }

  @Test("cancel while start is still running: the hook runs once start returned it")
  func cancelDuringStart() async throws {
    let hooks = Counter()
    let inStart = Gate()
    let release = Gate()
    let task = Task.detached {
      try await withCallback { (callback: Callback<Int>) in
        inStart.open()
        // Block this thread until the test cancelled the task (an SDK doing slow set-up).
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
          await release.wait()
          semaphore.signal()
        }
        semaphore.wait()
        #expect(hooks.value == 0)  // not yet: the hook is not known until start returns
        return Cancellation { hooks.increment() }
      }
    }
    await inStart.wait()
    task.cancel()
    release.open()
    let result = await task.result
    #expect(failure(of: result) is CancellationError)
    #expect(hooks.value == 1)
  }

  @Test("already cancelled: start is never called; CancellationError; no hook")
  func alreadyCancelled() async throws {
    let starts = Counter()
    let hooks = Counter()
    let entered = Gate()
    let task = Task {
      await entered.wait()
      return try await withCallback { (callback: Callback<Int>) in
        starts.increment()
        callback.resume(returning: 1)
        return Cancellation { hooks.increment() }
      }
    }
    task.cancel()
    entered.open()
    let result = await task.result
    #expect(failure(of: result) is CancellationError)
    #expect(starts.value == 0)
    #expect(hooks.value == 0)
  }

  @Test("start throws: the error is rethrown; a late callback is ignored; no hook")
  func startThrows() async throws {
    let hooks = Counter()
    let diagnostics = Diagnostics()
    let kept = ValueLog<Callback<Int>>()
    let result = await diagnostics.record {
      let result = await outcome {
        try await withCallback { (callback: Callback<Int>) -> Cancellation? in
          kept.append(callback)
          throw TestError(id: 3)
        }
      }
      kept.entries.first?.resume(returning: 1)
      return result
    }
    #expect(failure(of: result) as? TestError == TestError(id: 3))
    #expect(hooks.value == 0)
    #expect(diagnostics.kinds == [.lateCallback(endedBy: .startFailed)])
  }

  @Test("start throws after dropping the callback: the thrown error wins over callbackDropped")
  func startThrowsWithoutKeepingCallback() async {
    let diagnostics = Diagnostics()
    let result = await diagnostics.record {
      await outcome {
        try await withCallback { (_: Callback<Int>) -> Cancellation? in throw TestError(id: 4) }
      }
    }
    #expect(failure(of: result) as? TestError == TestError(id: 4))
    #expect(diagnostics.kinds.isEmpty)
  }

  @Test("(nil, nil) from an optional-pair callback → invalidCallback; an error wins over a value")
  func optionalPairShapes() async throws {
    let invalid = await outcome {
      try await withCallback { (callback: Callback<Int>) in
        callback.optionalPair(nil, nil)
        return nil
      }
    }
    #expect(failure(of: invalid) as? AdapterError == .invalidCallback)
    let both = await outcome {
      try await withCallback { (callback: Callback<Int>) in
        callback.optionalPair(1, TestError(id: 1))
        return nil
      }
    }
    #expect(failure(of: both) as? TestError == TestError(id: 1))
  }

  @Test("the ready-made handlers fit the common SDK shapes")
  func handlerShapes() async throws {
    let fromResult = try await withCallback { (callback: Callback<Int>) in
      callback.completion(.success(1))
      return nil
    }
    #expect(fromResult == 1)

    enum SDKError: Error { case denied }
    let typed = await outcome {
      try await withCallback { (callback: Callback<Int>) in
        let handler: (Result<Int, SDKError>) -> Void = callback.completion(failingWith: SDKError.self)
        handler(.failure(.denied))
        return nil
      }
    }
    #expect(failure(of: typed) is SDKError)

    let valueOnly = try await withCallback { (callback: Callback<String>) in
      callback.valueOnly("v")
      return nil
    }
    #expect(valueOnly == "v")

    try await withCallback { (callback: Callback<Void>) in
      callback.errorOnly(nil)
      return nil
    }
    let errorOnly = await outcome {
      try await withCallback { (callback: Callback<Void>) in
        callback.errorOnly(TestError())
        return nil
      }
    }
    #expect(failure(of: errorOnly) is TestError)

    try await withCallback { (callback: Callback<Void>) in
      callback.done()
      return nil
    }

    let mapped = try await withCallback { (callback: Callback<String>) in
      callback.map { (number: Int) in "#\(number)" }.optionalPair(7, nil)
      return nil
    }
    #expect(mapped == "#7")
    let mappedFailure = await outcome {
      try await withCallback { (callback: Callback<String>) in
        callback.map { (_: Int) -> String in throw TestError(id: 9) }.valueOnly(7)
        return nil
      }
    }
    #expect(failure(of: mappedFailure) as? TestError == TestError(id: 9))
  }

  @Test("a mapped callback shares the drop detector: dropping both → callbackDropped")
  func mappedDrop() async throws {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let result = await diagnostics.record {
      await outcome {
        try await withCallback { (callback: Callback<String>) in
          sdk.logIn(completion: callback.map { (number: Int) in "\(number)" }.optionalPair)
          sdk.dropHandlers()
          return nil
        }
      }
    }
    #expect(failure(of: result) as? AdapterError == .callbackDropped)
    #expect(diagnostics.kinds == [.callbackDropped])
  }

  @MainActor
  @Test("handlers are @Sendable and nonisolated: called from a background thread while the caller is @MainActor")
  func mainActorCallerBackgroundCallback() async throws {
    let sdk = CallbackSDK<Int>()
    let diagnostics = Diagnostics()
    let task = Task { @MainActor in
      try await withCallback { (callback: Callback<Int>) in
        MainActor.assertIsolated()  // start runs in the caller's isolation
        sdk.logIn(completion: callback.optionalPair)
        return Cancellation { sdk.cancel() }
      }
    }
    await sdk.starts.wait(for: 1)
    await sdk.callBackFromBackgroundThread(11, nil)
    #expect(try await task.value == 11)

    // The other shapes, too.
    let bothCalled = Gate()
    let other = try await diagnostics.record {
      try await withCallback { (callback: Callback<String>) in
        let completion = SDKBox(value: callback.completion)
        let mapped = SDKBox(value: callback.map { (n: Int) in "\(n)" }.valueOnly)
        onBackgroundThread {
          mapped.value(3)
          completion.value(.success("ignored"))
          bothCalled.open()
        }
        return nil
      }
    }
    await bothCalled.wait()
    #expect(other == "3")
    #expect(diagnostics.kinds == [.duplicateCallback])
    try await withCallback { (callback: Callback<Void>) in
      let errorOnly = SDKBox(value: callback.errorOnly)
      onBackgroundThread { errorOnly.value(nil) }
      return nil
    }
  }

  @Test("the process-wide hook receives diagnostics made outside a scoped handler")
  func globalHook() async throws {
    let previous = AdapterHooks.diagnostic
    defer { AdapterHooks.diagnostic = previous }
    let marker = "globalHook-\(UUID().uuidString)"
    let seen = ValueLog<AdapterDiagnostic>()
    AdapterHooks.diagnostic = { diagnostic in
      if diagnostic.origin == marker { seen.append(diagnostic) }
    }
    let request = PendingRequest<Int>(label: marker)
    #expect(request.resume(returning: 1) == false)  // nothing pending
    #expect(seen.entries == [AdapterDiagnostic(kind: .unexpectedCallback, origin: marker)])
  }

  @Test("errors and diagnostics explain what happened and what to do")
  func descriptions() {
    let errors: [AdapterError] = [
      .callbackDropped, .invalidCallback, .timedOut, .alreadyPending, .superseded, .multipleConsumers,
      .bufferOverflow(limit: 3),
    ]
    for error in errors { #expect(error.description.count > 40) }
    #expect(AdapterError.bufferOverflow(limit: 3).description.contains("3"))
    let diagnostic = AdapterDiagnostic(kind: .lateCallback(endedBy: .timedOut), origin: "App/Login.swift:12")
    #expect(diagnostic.description.hasPrefix("App/Login.swift:12: "))
    #expect(diagnostic.description.contains("timed out"))
  }
}
