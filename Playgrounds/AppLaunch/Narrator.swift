import Dispatch
import Foundation
import StreamsLaunch

/// Prints the story: each launch event and each note, with the time since the demo began.
enum Narrator {
  private static let origin = DispatchTime.now()
  private static let lock = NSLock()

  /// Prints `text` with a timestamp; lines from different threads never interleave.
  static func say(_ text: String) {
    let start = origin.uptimeNanoseconds  // set on first use, so read before now
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
    let stamp = String(format: "%5.0f ms", elapsed * 1000)
    lock.lock()
    print("\(stamp)  \(text)")
    lock.unlock()
  }

  /// Prints what a task or an entry point is doing, indented under the events.
  static func note(_ text: String) {
    say("    · \(text)")
  }

  /// Prints one launch event.
  static func event<Rank>(_ event: LaunchEvent<Rank>) {
    switch event {
    case .enqueued, .started, .finished, .idle:
      say(event.description)
    case .failed, .cancelled, .skipped, .ended:
      say("!! \(event.description)")
    }
  }

  /// Prints a heading.
  static func heading(_ text: String) {
    print("")
    print(text)
    print(String(repeating: "=", count: text.count))
  }
}
