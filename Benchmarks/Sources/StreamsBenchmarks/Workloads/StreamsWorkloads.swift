import Streams

/// The Streams column: the library as a user would write it (`subscribe(onNext:)`, `onNext`,
/// `dispose()`).
enum StreamsWorkloads {
  static func oneSubscriber(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let total = Total()
    let subscription = subject.subscribe(onNext: { total.value &+= $0 })
    meter.start()
    for value in 0..<sizes.sends { subject.onNext(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func manySubscribers(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let total = Total()
    let subscriptions = (0..<sizes.subscribers).map { _ in subject.subscribe(onNext: { total.value &+= $0 }) }
    meter.start()
    for value in 0..<sizes.sends { subject.onNext(value) }
    meter.stop()
    for subscription in subscriptions { subscription.dispose() }
    return total.value
  }

  static func lifecycle(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let total = Total()
    meter.start()
    for value in 0..<sizes.cycles {
      let subject = PublishSubject<Int>()
      let subscription = subject.subscribe(onNext: { total.value &+= $0 })
      subject.onNext(value)
      subscription.dispose()
    }
    meter.stop()
    return total.value
  }

  static func currentValue(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = BehaviorSubject<Int>(value: 0)
    let total = Total()
    let subscription = subject.subscribe(onNext: { total.value &+= $0 })
    meter.start()
    for value in 0..<sizes.sends { subject.onNext(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func replay(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let total = Total()
    var subscriptions: [Disposable] = []
    subscriptions.reserveCapacity(sizes.lateSubscribers)
    for _ in 0..<sizes.replayRounds {
      let subject = ReplaySubject<Int>.create(bufferSize: sizes.bufferSize)
      for value in 0..<sizes.replaySends { subject.onNext(value) }
      meter.start()
      for _ in 0..<sizes.lateSubscribers {
        subscriptions.append(subject.subscribe(onNext: { total.value &+= $0 }))
      }
      meter.stop()
      for subscription in subscriptions { subscription.dispose() }
      subscriptions.removeAll(keepingCapacity: true)
    }
    return total.value
  }

  static func concurrentSenders(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let total = AtomicTotal()
    let subscription = subject.subscribe(onNext: { total.add($0) })
    runConcurrently(threads: sizes.threads, meter: &meter) { thread in
      let first = thread * sizes.sendsPerThread
      for value in first..<first + sizes.sendsPerThread { subject.onNext(value) }
    }
    subscription.dispose()
    return total.value
  }

  static func chain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let total = Total()
    let subscription =
      subject
      .map { $0 &* 3 }
      .filter { $0 & 1 == 0 }
      .map { $0 &+ 1 }
      .subscribe(onNext: { total.value &+= $0 })
    meter.start()
    for value in 0..<sizes.chainValues { subject.onNext(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func flatMapJust(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let total = Total()
    let subscription =
      subject
      .flatMap { Observable.just($0) }
      .subscribe(onNext: { total.value &+= $0 })
    meter.start()
    for value in 0..<sizes.flatMapValues { subject.onNext(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func combineLatest(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let total = Total()
    let subscription = Observable.combineLatest(first, second) { $0 &* 2 &+ $1 }
      .subscribe(onNext: { total.value &+= $0 })
    meter.start()
    for value in 0..<sizes.combineSendsPerSide {
      first.onNext(value)
      second.onNext(value)
    }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func longChain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let total = Total()
    let subscription =
      subject
      .map { $0 &* 3 }
      .filter { $0 & 1 == 0 }
      .map { $0 >> 1 }
      .compactMap { $0 % 5 == 0 ? nil : $0 }
      .map { $0 / 4 }
      .distinctUntilChanged()
      .scan(0) { $0 &+ $1 }
      .map { $0 & 0xFFFF }
      .skip(1)
      .map { $0 &+ 1 }
      .subscribe(onNext: { total.value &+= $0 })
    meter.start()
    for value in 0..<sizes.chainValues { subject.onNext(value) }
    meter.stop()
    subscription.dispose()
    return total.value
  }

  static func shareReplay(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1, scope: .whileConnected)
    let total = Total()
    let subscriptions = (0..<sizes.subscribers).map { _ in shared.subscribe(onNext: { total.value &+= $0 }) }
    meter.start()
    for value in 0..<sizes.sends { subject.onNext(value) }
    meter.stop()
    for subscription in subscriptions { subscription.dispose() }
    return total.value
  }
}
