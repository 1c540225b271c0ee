/// How much work each row does.
struct Sizes: Sendable {
  /// A, B, G1: values sent.
  var sends: Int
  /// B: subscribers.
  var subscribers: Int
  /// D: create-subscribe-send-dispose cycles.
  var cycles: Int
  /// G2: values sent before the late subscribers arrive.
  var replaySends: Int
  /// G2: late subscribers, each replayed `bufferSize` values.
  var lateSubscribers: Int
  /// G2: the replay buffer's size.
  var bufferSize: Int
  /// G2: rounds (each a fresh subject) per repetition, so one repetition is long enough to time.
  var replayRounds: Int
  /// I: sending threads.
  var threads: Int
  /// I: values each thread sends.
  var sendsPerThread: Int
  /// C: values sent through the map → filter → map chain.
  var chainValues: Int
  /// E: values sent, each flat-mapped to a `just`.
  var flatMapValues: Int
  /// F: values sent into each of the two combined subjects, alternating.
  var combineSendsPerSide: Int
  /// Untimed runs of every column before the timed ones.
  var warmUps: Int
  /// Timed runs of every column; the table shows their median.
  var repetitions: Int

  static let full = Sizes(
    sends: 1_000_000, subscribers: 8, cycles: 100_000, replaySends: 1_000, lateSubscribers: 1_000,
    bufferSize: 16, replayRounds: 10, threads: 4, sendsPerThread: 250_000, chainValues: 1_000_000,
    flatMapValues: 200_000, combineSendsPerSide: 500_000, warmUps: 1, repetitions: 5)

  /// For CI smoke runs: the same checks on small counts.
  static let quick = Sizes(
    sends: 10_000, subscribers: 8, cycles: 1_000, replaySends: 100, lateSubscribers: 100,
    bufferSize: 16, replayRounds: 1, threads: 4, sendsPerThread: 2_500, chainValues: 10_000,
    flatMapValues: 2_000, combineSendsPerSide: 5_000, warmUps: 1, repetitions: 3)
}

/// The columns, in table order.
enum Column: CaseIterable {
  case streams, openCombine, closures, lockedClosures, contractFloor

  /// The column's name on the command line (`--columns`).
  var key: String {
    switch self {
    case .streams: "streams"
    case .openCombine: "opencombine"
    case .closures: "closures"
    case .lockedClosures: "locked"
    case .contractFloor: "contract"
    }
  }

  var name: String {
    switch self {
    case .streams: "Streams"
    case .openCombine: "OpenCombine"
    case .closures: "closures"
    case .lockedClosures: "locked closures"
    case .contractFloor: "contract floor"
    }
  }
}

/// One column's run of a row: set up, `meter` the measured phase, tear down; returns the sum its
/// subscribers saw, which the harness checks.
typealias Workload = @Sendable (_ meter: inout Meter, _ sizes: Sizes) -> Int

/// A column's workload for a row, or why it has none.
enum Workloads: Sendable {
  case measured(Workload)
  case notApplicable(reason: String)
}

/// One row of the table.
struct Row: Sendable {
  let id: String
  let title: @Sendable (Sizes) -> String
  /// What one "event" is: the time and allocations are divided by the number of these.
  let unit: @Sendable (Sizes) -> String
  let events: @Sendable (Sizes) -> Int
  let expectedSum: @Sendable (Sizes) -> Int
  /// Streams' target: at most this many times the locked-closures floor; `nil`: none (the rows where
  /// that floor breaks the contract Streams keeps: D, E, G2).
  let floorTarget: Double?
  /// Streams' target: at most this many times the contract floor; `nil`: none (H, which has no
  /// contract floor: its reference is `AsyncStream`).
  var contractTarget: Double? = 1.5
  /// Streams' target: at most this many allocations per unit in the measured phase (`0`: none at
  /// all); `nil`: allocations are shown, not targeted.
  var allocationTarget: Double? = nil
  /// Streams' target where OpenCombine has a column: at most this many times OpenCombine's time;
  /// `nil`: just faster than OpenCombine.
  var openCombineTarget: Double? = nil
  let columns: @Sendable (Column) -> Workloads

  static let all: [Row] = [
    Row(
      id: "A", title: { "PublishSubject, 1 subscriber, \(grouped($0.sends)) sends" }, unit: { _ in "send" },
      events: { $0.sends }, expectedSum: { sumBelow($0.sends) }, floorTarget: 1.5, allocationTarget: 0,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.oneSubscriber)
        case .openCombine: .measured(OpenCombineWorkloads.oneSubscriber)
        case .closures: .measured(ClosuresWorkloads.oneSubscriber)
        case .lockedClosures: .measured(LockedClosuresWorkloads.oneSubscriber)
        case .contractFloor: .measured(ContractWorkloads.oneSubscriber)
        }
      }),
    Row(
      id: "B", title: { "PublishSubject, \($0.subscribers) subscribers, \(grouped($0.sends)) sends" },
      unit: { "send (\($0.subscribers) deliveries)" },
      events: { $0.sends }, expectedSum: { $0.subscribers * sumBelow($0.sends) }, floorTarget: 1.5,
      allocationTarget: 0,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.manySubscribers)
        case .openCombine: .measured(OpenCombineWorkloads.manySubscribers)
        case .closures: .measured(ClosuresWorkloads.manySubscribers)
        case .lockedClosures: .measured(LockedClosuresWorkloads.manySubscribers)
        case .contractFloor: .measured(ContractWorkloads.manySubscribers)
        }
      }),
    Row(
      id: "C",
      title: {
        "PublishSubject → map { $0 &* 3 } → filter { $0 & 1 == 0 } → map { $0 &+ 1 } → 1 subscriber, "
          + "\(grouped($0.chainValues)) sends"
      },
      unit: { _ in "send" },
      events: { $0.chainValues },
      expectedSum: { sizes in
        // The even values v below n pass the filter (3v is even iff v is), each as 3v + 1.
        let evens = (sizes.chainValues + 1) / 2
        return 6 * sumBelow(evens) + evens
      },
      floorTarget: 1.5,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.chain)
        case .openCombine: .measured(OpenCombineWorkloads.chain)
        case .closures: .measured(ClosuresWorkloads.chain)
        case .lockedClosures: .measured(LockedClosuresWorkloads.chain)
        case .contractFloor: .measured(ContractWorkloads.chain)
        }
      }),
    Row(
      id: "D", title: { "\(grouped($0.cycles))× create, subscribe, send 1, dispose" }, unit: { _ in "cycle" },
      events: { $0.cycles }, expectedSum: { sumBelow($0.cycles) }, floorTarget: nil, allocationTarget: 2,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.lifecycle)
        case .openCombine: .measured(OpenCombineWorkloads.lifecycle)
        case .closures: .measured(ClosuresWorkloads.lifecycle)
        case .lockedClosures: .measured(LockedClosuresWorkloads.lifecycle)
        case .contractFloor: .measured(ContractWorkloads.lifecycle)
        }
      }),
    Row(
      id: "E",
      title: {
        "PublishSubject → flatMap { just($0) } → 1 subscriber, \(grouped($0.flatMapValues)) sends"
      },
      unit: { _ in "send (1 inner just)" },
      events: { $0.flatMapValues }, expectedSum: { sumBelow($0.flatMapValues) },
      floorTarget: nil, allocationTarget: 1, openCombineTarget: 0.5,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.flatMapJust)
        case .openCombine: .measured(OpenCombineWorkloads.flatMapJust)
        case .closures: .measured(ClosuresWorkloads.flatMapJust)
        case .lockedClosures: .measured(LockedClosuresWorkloads.flatMapJust)
        case .contractFloor: .measured(ContractWorkloads.flatMapJust)
        }
      }),
    Row(
      id: "F",
      title: {
        "combineLatest(PublishSubject, PublishSubject) { $0 &* 2 &+ $1 } → 1 subscriber, "
          + "\(grouped($0.combineSendsPerSide)) sends to each, alternating"
      },
      unit: { _ in "send" },
      events: { 2 * $0.combineSendsPerSide },
      expectedSum: { sizes in
        // Sends first(0), second(0), first(1), second(1), …: second(0) gives 0, then for i ≥ 1
        // first(i) gives 2i + (i - 1) and second(i) gives 3i.
        6 * sumBelow(sizes.combineSendsPerSide) - max(0, sizes.combineSendsPerSide - 1)
      },
      floorTarget: 1.5,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.combineLatest)
        case .openCombine:
          .notApplicable(reason: "OpenCombine 0.14.0 has no `combineLatest` (no `Publishers.CombineLatest`)")
        case .closures: .measured(ClosuresWorkloads.combineLatest)
        case .lockedClosures: .measured(LockedClosuresWorkloads.combineLatest)
        case .contractFloor: .measured(ContractWorkloads.combineLatest)
        }
      }),
    Row(
      id: "G1", title: { "BehaviorSubject / CurrentValueSubject, 1 subscriber, \(grouped($0.sends)) sends" },
      unit: { _ in "send" },
      events: { $0.sends }, expectedSum: { sumBelow($0.sends) }, floorTarget: 1.5, allocationTarget: 0,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.currentValue)
        case .openCombine: .measured(OpenCombineWorkloads.currentValue)
        case .closures: .measured(ClosuresWorkloads.currentValue)
        case .lockedClosures: .measured(LockedClosuresWorkloads.currentValue)
        case .contractFloor: .measured(ContractWorkloads.currentValue)
        }
      }),
    Row(
      id: "G2",
      title: {
        "ReplaySubject(bufferSize: \($0.bufferSize)) after \(grouped($0.replaySends)) sends, "
          + "\(grouped($0.lateSubscribers)) late subscribers (×\($0.replayRounds) rounds)"
      },
      unit: { "late subscribe (\($0.bufferSize) replayed)" },
      events: { $0.lateSubscribers * $0.replayRounds },
      expectedSum: { sizes in
        let firstReplayed = max(0, sizes.replaySends - sizes.bufferSize)
        let perSubscriber = sumBelow(sizes.replaySends) - sumBelow(firstReplayed)
        return sizes.replayRounds * sizes.lateSubscribers * perSubscriber
      },
      floorTarget: nil,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.replay)
        case .openCombine:
          .notApplicable(
            reason: "OpenCombine has no replaying subject (`buffer` buffers per subscriber, `share` does not replay)")
        case .closures: .measured(ClosuresWorkloads.replay)
        case .lockedClosures: .measured(LockedClosuresWorkloads.replay)
        case .contractFloor: .measured(ContractWorkloads.replay)
        }
      }),
    Row(
      id: "H",
      title: {
        "PublishSubject → for await in another task, \(grouped(AsyncValuesWorkloads.count($0))) values "
          + "(the locked-closures column is AsyncStream, unbounded: the reference for this row)"
      },
      unit: { _ in "value" },
      events: { AsyncValuesWorkloads.count($0) }, expectedSum: { sumBelow(AsyncValuesWorkloads.count($0)) },
      floorTarget: 0.5, contractTarget: nil,
      columns: { column in
        switch column {
        case .streams: .measured(AsyncValuesWorkloads.streams)
        case .openCombine: .measured(AsyncValuesWorkloads.openCombine)
        case .closures: .notApplicable(reason: "no async consumer without a buffer")
        case .lockedClosures: .measured(AsyncValuesWorkloads.asyncStream)
        case .contractFloor: .notApplicable(reason: "AsyncStream is the reference for this row")
        }
      }),
    Row(
      id: "I", title: { "PublishSubject, \($0.threads) threads × \(grouped($0.sendsPerThread)) sends, 1 subscriber" },
      unit: { _ in "send" },
      events: { $0.threads * $0.sendsPerThread }, expectedSum: { sumBelow($0.threads * $0.sendsPerThread) },
      floorTarget: 1.5, allocationTarget: 0,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.concurrentSenders)
        case .openCombine: .measured(OpenCombineWorkloads.concurrentSenders)
        case .closures: .notApplicable(reason: "the closures floor is not thread-safe")
        case .lockedClosures: .measured(LockedClosuresWorkloads.concurrentSenders)
        case .contractFloor: .measured(ContractWorkloads.concurrentSenders)
        }
      }),
    Row(
      id: "J",
      title: {
        "PublishSubject → map → filter → map → compactMap → map → distinctUntilChanged → scan → map → skip(1) "
          + "→ map → 1 subscriber, \(grouped($0.chainValues)) sends"
      },
      unit: { _ in "send" },
      events: { $0.chainValues }, expectedSum: { longChainSum($0.chainValues) },
      floorTarget: 1.5,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.longChain)
        case .openCombine: .measured(OpenCombineWorkloads.longChain)
        case .closures: .measured(ClosuresWorkloads.longChain)
        case .lockedClosures: .measured(LockedClosuresWorkloads.longChain)
        case .contractFloor: .measured(ContractWorkloads.longChain)
        }
      }),
    Row(
      id: "K",
      title: {
        "PublishSubject → share(replay: 1, scope: .whileConnected), \($0.subscribers) subscribers, "
          + "\(grouped($0.sends)) sends"
      },
      unit: { "send (\($0.subscribers) deliveries)" },
      events: { $0.sends }, expectedSum: { $0.subscribers * sumBelow($0.sends) },
      floorTarget: 1.5,
      columns: { column in
        switch column {
        case .streams: .measured(StreamsWorkloads.shareReplay)
        case .openCombine:
          .notApplicable(
            reason: "OpenCombine has no replaying `share` (`share()` does not replay; `multicast` with a "
              + "`CurrentValueSubject` needs an initial value and replays it)")
        case .closures: .measured(ClosuresWorkloads.shareReplay)
        case .lockedClosures: .measured(LockedClosuresWorkloads.shareReplay)
        case .contractFloor: .measured(ContractWorkloads.shareReplay)
        }
      }),
  ]
}

/// Row J's sum, computed without any operator: what its ten operators make of 0, 1, …, `count - 1`.
func longChainSum(_ count: Int) -> Int {
  var sum = 0
  var previous: Int?
  var running = 0
  var skipped = false
  for value in 0..<count {
    let tripled = value &* 3
    guard tripled & 1 == 0 else { continue }
    let halved = tripled >> 1
    guard halved % 5 != 0 else { continue }
    let quartered = halved / 4
    guard quartered != previous else { continue }
    previous = quartered
    running = running &+ quartered
    let masked = running & 0xFFFF
    guard skipped else {
      skipped = true
      continue
    }
    sum = sum &+ (masked &+ 1)
  }
  return sum
}

/// 0 + 1 + … + (n - 1).
func sumBelow(_ count: Int) -> Int { count * (count - 1) / 2 }

/// `1000000` as `1,000,000`.
func grouped(_ number: Int) -> String {
  var digits = String(number.magnitude)
  var index = digits.endIndex
  while digits.distance(from: digits.startIndex, to: index) > 3 {
    index = digits.index(index, offsetBy: -3)
    digits.insert(",", at: index)
  }
  return number < 0 ? "-" + digits : digits
}
