import Foundation
import Streams

/// Records the events an observer receives, from any thread.
final class Recorder<Element>: ObserverType, @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [Event<Element>] = []

  func on(_ event: Event<Element>) {
    lock.lock()
    recorded.append(event)
    lock.unlock()
  }

  var events: [Event<Element>] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  var elements: [Element] { events.compactMap(\.element) }
  var isCompleted: Bool { events.last?.isCompleted ?? false }
  var error: Error? { events.last?.error }
}

/// A thread-safe log of labelled steps, for asserting orders of side effects.
final class Log: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func callAsFunction(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var entries: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func increment(by amount: Int = 1) {
    lock.lock()
    count += amount
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

struct TestError: Error, Equatable, CustomStringConvertible {
  var id = 0
  var description: String { "TestError(\(id))" }
}

/// An object whose deallocation a test can observe through a weak reference.
final class Tracked: @unchecked Sendable {}
