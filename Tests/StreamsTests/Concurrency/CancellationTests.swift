import Streams
import Testing

/// RxSwift 6's rules for `values` and `.value` under task cancellation.
@Suite("Swift concurrency semantics (RxSwift 6 rules)")
struct ConcurrencySemanticsTests {
  @Test("values of a source that sends nothing ends with CancellationError when its task is cancelled")
  func valuesOfNeverThrowsCancellationError() async {
    let started = AsyncGate()
    let task = Task { () -> Swift.Error? in
      do {
        var iterator = Observable<Int>.never().values.makeAsyncIterator()
        await started.open()
        _ = try await iterator.next()
        return nil
      } catch {
        return error
      }
    }
    await started.wait()
    task.cancel()
    let error = await task.value
    #expect(error is CancellationError)
  }

  @Test("values of never in a task that is already cancelled throws CancellationError")
  func valuesOfNeverInCancelledTaskThrows() async {
    for _ in 0..<200 {
      let task = Task { () -> Swift.Error? in
        withUnsafeCurrentTask { $0?.cancel() }
        do {
          for try await _ in Observable<Int>.never().values {}
          return nil
        } catch {
          return error
        }
      }
      #expect(await task.value is CancellationError)
    }
  }

  @Test("values of a synchronous source delivers everything and finishes normally in an already cancelled task")
  func valuesOfSynchronousSourceIgnoresCancellation() async throws {
    for _ in 0..<200 {
      let task = Task { () throws -> [Int] in
        withUnsafeCurrentTask { $0?.cancel() }
        var received: [Int] = []
        for try await value in Observable.from(1...10).values { received.append(value) }
        return received
      }
      #expect(try await task.value == Array(1...10))
    }
  }

  @Test("values delivers what was buffered before the cancellation, then throws CancellationError")
  func valuesDeliversBufferThenThrows() async {
    let task = Task { () -> ([Int], Swift.Error?) in
      withUnsafeCurrentTask { $0?.cancel() }
      var received: [Int] = []
      do {
        for try await value in Observable.of(1, 2).concat(Observable.never()).values { received.append(value) }
        return (received, nil)
      } catch {
        return (received, error)
      }
    }
    let (received, error) = await task.value
    #expect(received == [1, 2])
    #expect(error is CancellationError)
  }

  @Test("value of a synchronous Single, Maybe or Completable in an already cancelled task returns the answer")
  func valueOfSynchronousTraitIgnoresCancellation() async throws {
    for _ in 0..<200 {
      let task = Task { () async throws -> (Int, Int?, Int?) in
        withUnsafeCurrentTask { $0?.cancel() }
        let single = try await Single.just(1).value
        let maybe = try await Maybe.just(2).value
        let empty = try await Maybe<Int>.empty().value
        try await Completable.empty().value
        return (single, maybe, empty)
      }
      let (single, maybe, empty) = try await task.value
      #expect(single == 1 && maybe == 2 && empty == nil)
    }
  }

  @Test("value of a Single that never answers throws CancellationError in an already cancelled task")
  func valueOfNeverInCancelledTaskThrows() async {
    for _ in 0..<200 {
      let task = Task { () async -> Swift.Error? in
        withUnsafeCurrentTask { $0?.cancel() }
        do {
          _ = try await Single<Int>.never().value
          return nil
        } catch {
          return error
        }
      }
      #expect(await task.value is CancellationError)
    }
  }
}

/// A one-shot signal between tasks.
private actor AsyncGate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}
