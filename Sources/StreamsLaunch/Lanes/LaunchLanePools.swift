import Streams

/// The lanes of a ``LaunchQueue``: for each pool of lanes, its ready tasks in rank order and its
/// busy slots.
///
/// ``LaunchConcurrency/serial`` has one pool that both lanes share, with one slot; ``LaunchConcurrency/lanes(background:)``
/// has a pool per lane. A slot is the track a task's attempt runs on (numbered from 1), which the
/// trace draws. Pure bookkeeping, under the queue's lock.
struct LaunchLanePools<Rank: Comparable & Sendable>: Sendable {
  /// The order among ready tasks: rank, then the order the queue accepted them.
  struct Order: Comparable, Sendable {
    let rank: Rank
    let id: LaunchTaskID

    static func < (lhs: Order, rhs: Order) -> Bool {
      if lhs.rank < rhs.rank { return true }
      if rhs.rank < lhs.rank { return false }
      return lhs.id < rhs.id
    }

    static func == (lhs: Order, rhs: Order) -> Bool { lhs.id == rhs.id }
  }

  private struct Pool: Sendable {
    var ready = StableHeap<Order>()
    var busy: [Bool]
  }

  /// Where an attempt runs: the pool and the slot in it.
  struct Seat: Hashable, Sendable {
    let pool: Int
    let slot: Int
  }

  private var pools: [Pool]
  private let separatesMainActor: Bool

  init(_ concurrency: LaunchConcurrency) {
    separatesMainActor = concurrency.separatesMainActor
    let background = Pool(busy: Array(repeating: false, count: concurrency.backgroundLimit))
    pools = separatesMainActor ? [Pool(busy: [false]), background] : [background]
  }

  /// Whether no task is ready in any pool.
  var nothingReady: Bool { pools.allSatisfy(\.ready.isEmpty) }

  /// The pool indices, to fill them in turn.
  var poolIndices: Range<Int> { pools.indices }

  /// The pool a task of `lane` runs in.
  func pool(of lane: LaunchLane) -> Int {
    separatesMainActor && lane == .background ? 1 : 0
  }

  /// Makes `task` ready to run in its pool.
  mutating func makeReady(_ task: LaunchTaskInfo<Rank>) {
    pools[pool(of: task.lane)].ready.insert(Order(rank: task.rank, id: task.id))
  }

  /// Removes `task` from its pool's ready tasks; returns whether it was there.
  @discardableResult
  mutating func removeReady(_ task: LaunchTaskInfo<Rank>) -> Bool {
    pools[pool(of: task.lane)].ready.removeFirst { $0.id == task.id } != nil
  }

  /// Takes the first ready task of `pool` and a free slot for it, if the pool has both.
  mutating func next(in pool: Int) -> (LaunchTaskID, Seat)? {
    guard let slot = pools[pool].busy.firstIndex(of: false), let id = pools[pool].ready.popFirst()?.id else {
      return nil
    }
    pools[pool].busy[slot] = true
    return (id, Seat(pool: pool, slot: slot + 1))
  }

  /// Frees `seat`.
  mutating func release(_ seat: Seat) {
    pools[seat.pool].busy[seat.slot - 1] = false
  }

  /// Removes every ready task and returns them, pool by pool, each in rank order.
  mutating func removeAllReady() -> [LaunchTaskID] {
    pools.indices.flatMap { pools[$0].ready.removeAllOrdered().map(\.id) }
  }
}
