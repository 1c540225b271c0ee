import OpenCombine

/// The OpenCombine column: `PassthroughSubject` / `CurrentValueSubject` with `sink`, as a user would
/// write it.
enum OpenCombineWorkloads {
  static func oneSubscriber(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let total = Total()
    let cancellable = subject.sink { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    cancellable.cancel()
    return total.value
  }

  static func manySubscribers(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let total = Total()
    let cancellables = (0..<sizes.subscribers).map { _ in subject.sink { total.value &+= $0 } }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    for cancellable in cancellables { cancellable.cancel() }
    return total.value
  }

  static func lifecycle(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let total = Total()
    meter.start()
    for value in 0..<sizes.cycles {
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.sink { total.value &+= $0 }
      subject.send(value)
      cancellable.cancel()
    }
    meter.stop()
    return total.value
  }

  static func currentValue(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = CurrentValueSubject<Int, Never>(0)
    let total = Total()
    let cancellable = subject.sink { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.sends { subject.send(value) }
    meter.stop()
    cancellable.cancel()
    return total.value
  }

  static func concurrentSenders(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = UncheckedSendable(value: PassthroughSubject<Int, Never>())  // It locks internally.
    let total = AtomicTotal()
    let cancellable = subject.value.sink { total.add($0) }
    runConcurrently(threads: sizes.threads, meter: &meter) { thread in
      let first = thread * sizes.sendsPerThread
      for value in first..<first + sizes.sendsPerThread { subject.value.send(value) }
    }
    cancellable.cancel()
    return total.value
  }

  static func chain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let total = Total()
    let cancellable =
      subject
      .map { $0 &* 3 }
      .filter { $0 & 1 == 0 }
      .map { $0 &+ 1 }
      .sink { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.chainValues { subject.send(value) }
    meter.stop()
    cancellable.cancel()
    return total.value
  }

  static func flatMapJust(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let total = Total()
    let cancellable =
      subject
      .flatMap { Just($0) }
      .sink { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.flatMapValues { subject.send(value) }
    meter.stop()
    cancellable.cancel()
    return total.value
  }

  static func longChain(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PassthroughSubject<Int, Never>()
    let total = Total()
    let cancellable =
      subject
      .map { (value: Int) -> Int in value &* 3 }
      .filter { (value: Int) -> Bool in value & 1 == 0 }
      .map { (value: Int) -> Int in value >> 1 }
      .compactMap { (value: Int) -> Int? in value % 5 == 0 ? nil : value }
      .map { (value: Int) -> Int in value / 4 }
      .removeDuplicates()
      .scan(0) { (sum: Int, value: Int) -> Int in sum &+ value }
      .map { (value: Int) -> Int in value & 0xFFFF }
      .dropFirst(1)
      .map { (value: Int) -> Int in value &+ 1 }
      .sink { total.value &+= $0 }
    meter.start()
    for value in 0..<sizes.chainValues { subject.send(value) }
    meter.stop()
    cancellable.cancel()
    return total.value
  }
}
