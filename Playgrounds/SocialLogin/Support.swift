import Foundation
import StreamsAdapters

/// Carries a non-Sendable SDK closure to the SDK's own thread, as an Objective-C SDK would.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

extension NSLock {
  /// `withLock` needs macOS 14 / iOS 17 on Apple platforms; this does the same.
  func withCriticalSection<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// Counts signals; `wait(for:)` suspends until at least that many arrived. No sleeping.
final class Signals: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

  func signal() {
    let ready = lock.withCriticalSection { () -> [CheckedContinuation<Void, Never>] in
      count += 1
      let ready = waiters.filter { $0.0 <= count }.map(\.1)
      waiters.removeAll { $0.0 <= count }
      return ready
    }
    for waiter in ready { waiter.resume() }
  }

  func wait(for target: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = lock.withCriticalSection { () -> Bool in
        if count >= target { return true }
        waiters.append((target, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

/// Collects the diagnostics StreamsAdapters reports while a scenario runs.
final class DiagnosticsLog: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [AdapterDiagnostic] = []

  func append(_ diagnostic: AdapterDiagnostic) {
    lock.withCriticalSection { entries.append(diagnostic) }
  }

  func take() -> [AdapterDiagnostic] {
    lock.withCriticalSection {
      defer { entries = [] }
      return entries
    }
  }
}

/// How a login ended, in words.
func describe(_ result: Result<Token, Error>) -> String {
  switch result {
  case .success(let token): return "token \(token)"
  case .failure(let error as AdapterError): return "AdapterError.\(name(of: error))"
  case .failure(is CancellationError): return "CancellationError"
  case .failure(let error): return "error \(error)"
  }
}

private func name(of error: AdapterError) -> String {
  switch error {
  case .callbackDropped: return "callbackDropped"
  case .invalidCallback: return "invalidCallback"
  case .timedOut: return "timedOut"
  case .alreadyPending: return "alreadyPending"
  case .superseded: return "superseded"
  case .multipleConsumers: return "multipleConsumers"
  case .bufferOverflow(let limit): return "bufferOverflow(limit: \(limit))"
  }
}

/// Runs `body` and captures its outcome.
@MainActor
func outcome(_ body: @MainActor () async throws -> Token) async -> Result<Token, Error> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}

func heading(_ text: String) {
  print("\n\(text)\n" + String(repeating: "-", count: text.count))
}

func line(_ text: String) {
  print("  " + text)
}
