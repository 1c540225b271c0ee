import Foundation
import Streams
import StreamsCocoa
import StreamsTest
import Testing

/// The parent of every StreamsCocoa suite. `SharingScheduler.mock` replaces a process-wide
/// scheduler (as in RxCocoa), so the suites that build shared sequences run one test at a time,
/// and on the main actor, so that tests of other targets running on the main actor (the Swift 5
/// target's) never see a mock either. Tests that block waiting for the main queue
/// are in a suite of their own, off the main actor.
@Suite(.serialized)
enum CocoaTests {}

/// Runs `body` with shared sequences delivering on a fresh `TestScheduler`, and returns its result.
func mocked<Result>(_ body: (TestScheduler) -> Result) -> Result {
  let scheduler = TestScheduler(initialClock: 0)
  var result: Result?
  SharingScheduler.mock(scheduler: scheduler) { result = body(scheduler) }
  return result!
}

/// Marks the main queue, so a test can tell whether code runs in the main queue's work (on Linux
/// that work may run on a thread other than the process's first one).
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}
