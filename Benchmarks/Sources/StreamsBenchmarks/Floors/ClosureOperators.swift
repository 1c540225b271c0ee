/// The floors of the operator rows (C, E, F, J): each operator as the least a closure can do, fed by a
/// floor subject (``ClosureSubject`` / ``LockedClosureSubject``) one value at a time, like the
/// Streams and OpenCombine columns are fed by a subject.
///
/// Like the subject floors, these are generic code inside this module, so the compiler may
/// specialize and inline a whole chain into one closure: that is the floor.
enum ClosureOperators {
  /// `map`: transforms, then calls the next stage.
  static func map<Input, Output>(
    _ transform: @escaping (Input) -> Output, into next: @escaping (Output) -> Void
  ) -> (Input) -> Void {
    { next(transform($0)) }
  }

  /// `filter`: calls the next stage only for the values `predicate` keeps.
  static func filter<Value>(
    _ predicate: @escaping (Value) -> Bool, into next: @escaping (Value) -> Void
  ) -> (Value) -> Void {
    { if predicate($0) { next($0) } }
  }

  /// `compactMap`: transforms, then calls the next stage with the results that are not `nil`.
  static func compactMap<Input, Output>(
    _ transform: @escaping (Input) -> Output?, into next: @escaping (Output) -> Void
  ) -> (Input) -> Void {
    { if let output = transform($0) { next(output) } }
  }

  /// `distinctUntilChanged`: calls the next stage with the values that differ from the one before.
  static func distinctUntilChanged<Value: Equatable>(into next: @escaping (Value) -> Void) -> (Value) -> Void {
    var previous: Value?
    return { value in
      if value != previous {
        previous = value
        next(value)
      }
    }
  }

  /// `scan`: folds each value into a running result and calls the next stage with it.
  static func scan<Value, Result>(
    _ seed: Result, _ accumulator: @escaping (Result, Value) -> Result, into next: @escaping (Result) -> Void
  ) -> (Value) -> Void {
    var result = seed
    return { value in
      result = accumulator(result, value)
      next(result)
    }
  }

  /// `skip`: drops the first `count` values.
  static func skip<Value>(_ count: Int, into next: @escaping (Value) -> Void) -> (Value) -> Void {
    var remaining = count
    return { value in
      if remaining > 0 {
        remaining -= 1
      } else {
        next(value)
      }
    }
  }

  /// Row J's ten operators, in the order the Streams and OpenCombine columns chain them. Their state
  /// (`distinctUntilChanged`, `scan`, `skip`) needs no lock even in the locked floor: a subject
  /// delivers one value at a time, so only one value is ever inside the chain.
  static func longChain(into next: @escaping (Int) -> Void) -> (Int) -> Void {
    let tenth = map({ $0 &+ 1 }, into: next)
    let ninth: (Int) -> Void = skip(1, into: tenth)
    let eighth = map({ $0 & 0xFFFF }, into: ninth)
    let seventh: (Int) -> Void = scan(0, { $0 &+ $1 }, into: eighth)
    let sixth: (Int) -> Void = distinctUntilChanged(into: seventh)
    let fifth = map({ $0 / 4 }, into: sixth)
    let fourth = compactMap({ $0 % 5 == 0 ? nil : $0 }, into: fifth)
    let third = map({ $0 >> 1 }, into: fourth)
    let second = filter({ $0 & 1 == 0 }, into: third)
    return map({ $0 &* 3 }, into: second)
  }

  /// `flatMap` where every inner sequence is a `just`: each value makes an inner "sequence" (a
  /// closure taking a continuation), which calls the continuation once with the value.
  static func flatMapJust<Value>(into next: @escaping (Value) -> Void) -> (Value) -> Void {
    { value in
      let inner: ((Value) -> Void) -> Void = { continuation in continuation(value) }
      inner(next)
    }
  }

  /// The same, made thread-safe the cheapest correct way: inner sequences of a `flatMap` may send
  /// from different threads, and events to one observer must not overlap, so each delivery holds
  /// a mutex (non-recursive: the continuation does not call back).
  static func lockedFlatMapJust<Value>(
    mutex: PThreadMutex, into next: @escaping (Value) -> Void
  ) -> (Value) -> Void {
    { value in
      let inner: ((Value) -> Void) -> Void = { continuation in
        mutex.lock()
        continuation(value)
        mutex.unlock()
      }
      inner(next)
    }
  }
}

/// `combineLatest` of two sources as a closure pair: each side keeps its latest value and, once
/// both have one, combines them and calls the next stage. Not thread-safe.
final class ClosureCombineLatest<First, Second, Result> {
  private var first: First?
  private var second: Second?
  private let combine: (First, Second) -> Result
  private let next: (Result) -> Void

  init(combine: @escaping (First, Second) -> Result, into next: @escaping (Result) -> Void) {
    self.combine = combine
    self.next = next
  }

  func receiveFirst(_ value: First) {
    first = value
    if let second { next(combine(value, second)) }
  }

  func receiveSecond(_ value: Second) {
    second = value
    if let first { next(combine(first, value)) }
  }
}

/// ``ClosureCombineLatest`` made thread-safe the cheapest correct way: the two sources may send from
/// different threads, so storing a value, combining and delivering happen under one mutex (the
/// delivery too, since events to one observer must not overlap; non-recursive, as the next stage
/// does not call back).
final class LockedClosureCombineLatest<First, Second, Result>: @unchecked Sendable {
  private let mutex = PThreadMutex.make()
  private var first: First?
  private var second: Second?
  private let combine: (First, Second) -> Result
  private let next: (Result) -> Void

  init(combine: @escaping (First, Second) -> Result, into next: @escaping (Result) -> Void) {
    self.combine = combine
    self.next = next
  }

  func receiveFirst(_ value: First) {
    mutex.lock()
    first = value
    if let second { next(combine(value, second)) }
    mutex.unlock()
  }

  func receiveSecond(_ value: Second) {
    mutex.lock()
    second = value
    if let first { next(combine(first, value)) }
    mutex.unlock()
  }
}
