/// The "contract floor" column: the least work that keeps Streams' rules (see ContractFloors.swift).
/// The floor that every row's main target is measured against.
enum ContractWorkloads {
  static func oneSubscriber(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractSubject<Int>.make()
    let total = Total()
    let subscription = subject.subscribe { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func manySubscribers(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractSubject<Int>.make()
    let total = Total()
    let subscriptions = (0..<sizes.subscribers).map { _ in subject.subscribe { total.value &+= $0 } }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    for subscription in subscriptions { subscription.dispose() }
    return total.value
  }

  static func lifecycle(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let total = Total()
    meter.start()
    for value in 0..<sizes.cycles {
      let subject = ContractSubject<Int>.make()
      let subscription = subject.subscribe { total.value &+= $0 }
      subject.send(value)
      subscription.dispose()
    }
    meter.stop()
    return total.value
  }

  static func currentValue(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractReplaySubject<Int>(value: 0)
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
      let subject = ContractReplaySubject<Int>(bufferSize: sizes.bufferSize)
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

  static func concurrentSenders(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractSubject<Int>.make()
    let total = AtomicTotal()
    let subscription = subject.subscribe { total.add($0) }
    let shared = UncheckedSendable(value: subject)  // Thread-safe (its mutex); see ContractSubject.
    runConcurrently(threads: sizes.threads, meter: &meter) { thread in
      let first = thread * sizes.sendsPerThread
      for value in first..<first + sizes.sendsPerThread { shared.value.send(value) }
    }
    subscription.dispose()
    return total.value
  }

  static func chain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractSubject<Int>.make()
    let total = Total()
    let subscription = subject.subscribe(
      ContractOperators.map(
        { $0 &* 3 },
        into: ContractOperators.filter(
          { $0 & 1 == 0 },
          into: ContractOperators.map({ $0 &+ 1 }, into: { total.value &+= $0 }))))
    meter.start()
    for value in 0..<sizes.chainValues { subject.send(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func flatMapJust(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractSubject<Int>.make()
    let total = Total()
    let flatMap = ContractFlatMapJust<Int>(into: { total.value &+= $0 })
    let subscription = subject.subscribe { flatMap.receive($0) }
    meter.start()
    for value in 0..<sizes.flatMapValues { subject.send(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func combineLatest(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let first = ContractSubject<Int>.make()
    let second = ContractSubject<Int>.make()
    let total = Total()
    let combiner = ContractCombineLatest<Int, Int, Int>(combine: { $0 &* 2 &+ $1 }, into: { total.value &+= $0 })
    let firstSubscription = first.subscribe { combiner.receiveFirst($0) }
    let secondSubscription = second.subscribe { combiner.receiveSecond($0) }
    meter.start()
    for value in 0..<sizes.combineSendsPerSide {
      first.send(value)
      second.send(value)
    }
    meter.stop()
    firstSubscription.dispose()
    secondSubscription.dispose()
    return total.value
  }

  static func longChain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractSubject<Int>.make()
    let total = Total()
    let subscription = subject.subscribe(ContractOperators.longChain(into: { total.value &+= $0 }))
    meter.start()
    for value in 0..<sizes.chainValues { subject.send(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func shareReplay(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = ContractSubject<Int>.make()
    let shared = ContractReplaySubject<Int>(bufferSize: 1)
    let sourceSubscription = subject.subscribe { shared.send($0) }
    let total = Total()
    let keys = (0..<sizes.subscribers).map { _ in shared.subscribe { total.value &+= $0 } }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    for key in keys { shared.unsubscribe(key) }
    sourceSubscription.dispose()
    return total.value
  }
}
