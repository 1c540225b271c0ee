extension ObservableType where Element: FixedWidthInteger {
  /// The integers `start ..< start + count`, then completion, one per step of the
  /// ``CurrentThreadScheduler`` trampoline, like ``ObservableType/of(_:)``.
  ///
  /// A negative `count` fails at once with ``StreamsError/argumentOutOfRange``, and a range whose
  /// last element would overflow `Element` with ``StreamsError/overflow`` (RxSwift traps on both).
  public static func range(start: Element, count: Element) -> Observable<Element> {
    if let problem = IntegerRange.problem(start: start, count: count) { return .error(problem) }
    return TrampolinedSequence(IntegerRange(start: start, count: count))
  }

  /// The integers `start ..< start + count`, one per step of `scheduler`, then completion.
  public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    if let problem = IntegerRange.problem(start: start, count: count) { return .error(problem) }
    return ScheduledSequence(IntegerRange(start: start, count: count), scheduler: scheduler)
  }
}

/// `start, start + 1, …` for `count` elements, without overflowing past the last one.
struct IntegerRange<Element: FixedWidthInteger>: Sequence, IteratorProtocol {
  private var upcoming: Element
  private var remaining: Element

  /// Why `start ..< start + count` is not a valid range of `Element`, if it is not.
  static func problem(start: Element, count: Element) -> StreamsError? {
    if count < 0 { return .argumentOutOfRange }
    if count > 0 && start.addingReportingOverflow(count - 1).overflow {
      return .overflow
    }
    return nil
  }

  init(start: Element, count: Element) {
    self.upcoming = start
    self.remaining = count
  }

  mutating func next() -> Element? {
    guard remaining > 0 else { return nil }
    defer {
      remaining -= 1
      if remaining > 0 { upcoming += 1 }
    }
    return upcoming
  }
}
