import Foundation
import StreamsLaunch
import StreamsTest
import Testing

@Suite("Trace")
struct TraceTests {
  /// A launch in virtual time with two lanes, a dependency chain, a retry and a failure.
  static func sampleReport() async throws -> LaunchReport<Int> {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler, concurrency: .lanes(background: 2))
    var events = queue.asyncEvents.makeAsyncIterator()
    queue.enqueue(LaunchTask(1, name: "login") { _ in scheduler.advanceTo(scheduler.clock + 30) })
    queue.enqueue(
      LaunchTask(
        2, name: "userInfo", policy: .required.retrying(1, backoff: .constant(.milliseconds(10))), needs: ["login"]
      ) {
        context in
        if context.attempt == 1 { throw TestError("busy") }
      })
    queue.enqueue(LaunchTask(3, name: "services", needs: ["userInfo"]) { _ in })
    queue.enqueue(.onMainActor(4, name: "banner", policy: .optional) { _ in throw TestError("503") })
    queue.start()
    queue.finish()
    _ = await next(&events) { if case .failed(let task, _) = $0 { task.name == "userInfo" } else { false } }
    scheduler.advanceTo(scheduler.clock + 10)
    try await bounded { try await queue.finished() }
    return queue.report()
  }

  @Test("The report exports Chrome trace-event JSON: a named track per lane slot, a slice per attempt, paired flows")
  func chromeTraceFormat() async throws {
    let report = try await Self.sampleReport()
    let json = try #require(JSONSerialization.jsonObject(with: report.chromeTraceJSON()) as? [String: Any])
    let events = try #require(json["traceEvents"] as? [[String: Any]])
    #expect(json["displayTimeUnit"] as? String == "ms")

    // Every event has the fields its phase requires.
    for event in events {
      let phase = try #require(event["ph"] as? String)
      #expect(["M", "X", "s", "f"].contains(phase), "unexpected phase \(phase)")
      #expect(event["name"] is String)
      #expect(event["pid"] is Int && event["tid"] is Int)
      if phase != "M" { #expect(((event["ts"] as? Double) ?? -1) >= 0) }
      if phase == "X" { #expect(((event["dur"] as? Double) ?? -1) >= 0) }
    }
    let slices = events.filter { $0["ph"] as? String == "X" }
    let metadata = events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name" }
    let trackNames = Dictionary(
      uniqueKeysWithValues: metadata.map { ($0["tid"] as! Int, ($0["args"] as! [String: Any])["name"] as! String) })

    // One slice per attempt, on the track of its lane and slot.
    #expect(slices.count == report.entries.map(\.runs.count).reduce(0, +))
    #expect(slices.count == 5)
    for slice in slices {
      #expect(trackNames[slice["tid"] as! Int] != nil, "a slice on an unnamed track")
    }
    let tracksUsed = Set(slices.map { trackNames[$0["tid"] as! Int]! })
    #expect(tracksUsed.contains("main actor"))
    #expect(tracksUsed.isSubset(of: ["main actor", "background 1", "background 2"]))
    let userInfo = slices.filter { $0["name"] as? String == "userInfo" }
    #expect(userInfo.count == 2)
    #expect((userInfo.map { ($0["args"] as! [String: Any])["attempt"] as! Int }) == [1, 2])

    // Flows come in s/f pairs with one id, from inside the dependency's slice to the dependent's.
    let starts = events.filter { $0["ph"] as? String == "s" }
    let finishes = events.filter { $0["ph"] as? String == "f" }
    #expect(starts.count == 2 && finishes.count == 2)  // login → userInfo, userInfo → services
    for start in starts {
      let id = start["id"] as! Int
      let matching = finishes.filter { $0["id"] as? Int == id }
      #expect(matching.count == 1)
      guard let finish = matching.first else { continue }
      #expect(finish["bp"] as? String == "e")
      #expect(start["cat"] as? String == finish["cat"] as? String)
      #expect((start["ts"] as! Double) <= (finish["ts"] as! Double))
      #expect(encloses(slices, start), "flow start outside any slice of its track")
      #expect(encloses(slices, finish), "flow end outside any slice of its track")
    }
  }

  @Test("The report draws itself as an SVG timeline: a row per track, a bar per attempt, an arrow per dependency")
  func timelineSVG() async throws {
    let report = try await Self.sampleReport()
    let svg = report.timelineSVG()
    #expect(svg.hasPrefix("<svg"))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.components(separatedBy: "<rect class=\"attempt").count - 1 == 5)
    #expect(svg.components(separatedBy: "<line class=\"dependency").count - 1 == 2)
    #expect(svg.contains(">main actor<") && svg.contains(">background 1<"))
    #expect(svg.contains("userInfo"))
  }

  /// Whether a slice on the event's track spans its timestamp.
  private func encloses(_ slices: [[String: Any]], _ event: [String: Any]) -> Bool {
    let ts = event["ts"] as! Double
    return slices.contains { slice in
      guard slice["tid"] as? Int == event["tid"] as? Int else { return false }
      let start = slice["ts"] as! Double
      return start <= ts && ts <= start + (slice["dur"] as! Double)
    }
  }
}
