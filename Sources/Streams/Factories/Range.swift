extension ObservableType where Element: BinaryInteger {
  /// The integers `start ..< start + count`, sent synchronously on subscribe, then completion.
  ///
  /// A negative `count` fails with ``StreamsError/argumentOutOfRange(_:)``.
  public static func range(start: Element, count: Element) -> Observable<Element> {
    guard count >= 0 else { return .error(StreamsError.argumentOutOfRange("range count \(count) < 0")) }
    return SynchronousSequence(IntegerRange(start: start, count: count))
  }

  /// The integers `start ..< start + count`, one per step of `scheduler`, then completion.
  public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    guard count >= 0 else { return .error(StreamsError.argumentOutOfRange("range count \(count) < 0")) }
    return ScheduledSequence(IntegerRange(start: start, count: count), scheduler: scheduler)
  }
}

/// `start, start + 1, …` for `count` elements, without overflowing past the last one.
struct IntegerRange<Element: BinaryInteger>: Sequence, IteratorProtocol {
  private var upcoming: Element
  private var remaining: Element

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
