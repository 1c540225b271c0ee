/// The "closures" floor column: the least work a subject can do (no lock, no events, no disposables).
enum ClosuresWorkloads {
  static func oneSubscriber(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ClosureSubject<Int>()
    let total = Total()
    let key = subject.subscribe { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    subject.unsubscribe(key)
    return total.value
  }

  static func manySubscribers(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ClosureSubject<Int>()
    let total = Total()
    let keys = (0..<sizes.subscribers).map { _ in subject.subscribe { total.value &+= $0 } }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    for key in keys { subject.unsubscribe(key) }
    return total.value
  }

  static func lifecycle(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let total = Total()
    meter.start()
    for value in 0..<sizes.cycles {
      let subject = ClosureSubject<Int>()
      let key = subject.subscribe { total.value &+= $0 }
      subject.send(value)
      subject.unsubscribe(key)
    }
    meter.stop()
    return total.value
  }

  static func currentValue(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ClosureValueSubject<Int>(value: 0)
    let total = Total()
    let key = subject.subscribe { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    subject.unsubscribe(key)
    return total.value
  }

  static func replay(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let total = Total()
    var keys: [Int] = []
    keys.reserveCapacity(sizes.lateSubscribers)
    for _ in 0..<sizes.replayRounds {
      let subject = ClosureReplaySubject<Int>(bufferSize: sizes.bufferSize)
      for value in 0..<sizes.replaySends { subject.send(value) }
      meter.start()
      for _ in 0..<sizes.lateSubscribers {
        keys.append(subject.subscribe { total.value &+= $0 })
      }
      meter.stop()
      for key in keys { subject.unsubscribe(key) }
      keys.removeAll(keepingCapacity: true)
    }
    return total.value
  }

  static func chain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ClosureSubject<Int>()
    let total = Total()
    let key = subject.subscribe(
      ClosureOperators.map(
        { $0 &* 3 },
        into: ClosureOperators.filter(
          { $0 & 1 == 0 },
          into: ClosureOperators.map({ $0 &+ 1 }, into: { total.value &+= $0 }))))
    meter.start()
    for value in 0..<sizes.chainValues { subject.send(value) }
    meter.stop()
    subject.unsubscribe(key)
    return total.value
  }

  static func flatMapJust(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ClosureSubject<Int>()
    let total = Total()
    let key = subject.subscribe(ClosureOperators.flatMapJust(into: { total.value &+= $0 }))
    meter.start()
    for value in 0..<sizes.flatMapValues { subject.send(value) }
    meter.stop()
    subject.unsubscribe(key)
    return total.value
  }

  static func combineLatest(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let first = ClosureSubject<Int>()
    let second = ClosureSubject<Int>()
    let total = Total()
    let combiner = ClosureCombineLatest<Int, Int, Int>(combine: { $0 &* 2 &+ $1 }, into: { total.value &+= $0 })
    let firstKey = first.subscribe { combiner.receiveFirst($0) }
    let secondKey = second.subscribe { combiner.receiveSecond($0) }
    meter.start()
    for value in 0..<sizes.combineSendsPerSide {
      first.send(value)
      second.send(value)
    }
    meter.stop()
    first.unsubscribe(firstKey)
    second.unsubscribe(secondKey)
    return total.value
  }

  static func longChain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ClosureSubject<Int>()
    let total = Total()
    let key = subject.subscribe(ClosureOperators.longChain(into: { total.value &+= $0 }))
    meter.start()
    for value in 0..<sizes.chainValues { subject.send(value) }
    meter.stop()
    subject.unsubscribe(key)
    return total.value
  }

  static func shareReplay(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ClosureSubject<Int>()
    let shared = ClosureReplaySubject<Int>(bufferSize: 1)
    let sourceKey = subject.subscribe { shared.send($0) }
    let total = Total()
    let keys = (0..<sizes.subscribers).map { _ in shared.subscribe { total.value &+= $0 } }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    for key in keys { shared.unsubscribe(key) }
    subject.unsubscribe(sourceKey)
    return total.value
  }
}
