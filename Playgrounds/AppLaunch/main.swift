// AppLaunch: ordering an app's start-up with StreamsLaunch.
//
// Start-up is a chain of dependent steps, while push payloads and URL opens arrive at any moment.
// Here each step is a ranked task on a LaunchQueue: the app delegate enqueues them in any order,
// entry points add their own tasks mid-launch, and the queue runs everything one at a time in rank
// order. Then the same start-up as a dependency graph, run one task at a time and on parallel
// lanes. Run it with `swift run AppLaunch`; `swift run AppLaunch --trace DIRECTORY` also writes the
// parallel run's trace there (launch-trace.json for Perfetto, launch-trace.svg).
import Dispatch
import Foundation
import Streams
import StreamsLaunch

Narrator.heading("AppLaunch: ordering app start-up with StreamsLaunch")

let queue = LaunchQueue<AppRank>()

// Progress, as an Observable: the narration. Events arrive on the queue's threads, and top-level
// code is main-actor code: these closures touch no main-actor state, and say so with `@Sendable`,
// which makes them nonisolated (see the contract article's "Isolation").
let narration = queue.events.subscribe(onNext: { @Sendable event in Narrator.event(event) })

// The outside world, simulated: entry points that fire while start-up is under way.
let loginStarts = Services.Counter()
let world = queue.events.subscribe(
  onNext: { @Sendable event in
    switch event {
    case .started(let task, _) where task.rank == .requestLocation:
      // A push notification arrives on another thread while the location prompt is up. The same
      // payload is delivered twice (it happens); its key makes the second a duplicate.
      DispatchQueue.global().async {
        let payload = ["id": "push-42", "screen": "coupon"]
        Narrator.note("push payload \(payload["id"]!) arrives (didReceiveRemoteNotification)")
        queue.enqueue(.handlePush, parameter: payload, key: LaunchKey(payload["id"]!))
        queue.enqueue(.handlePush, parameter: payload, key: LaunchKey(payload["id"]!))
      }
    case .started(let task, _) where task.rank == .login:
      // URL-scheme opens arrive during login; only the newest matters, so it replaces a waiting one.
      guard loginStarts.next() == 1 else { return }
      DispatchQueue.global().async {
        for url in ["taxi://ride?to=office", "taxi://ride?to=home"] {
          Narrator.note("URL opened: \(url)")
          queue.enqueue(.openURL, parameter: url, key: "open-url", onDuplicate: .replaceExisting)
        }
      }
    case .started(let task, _) where task.rank == .acceptTerms:
      // The user reads for a moment, then taps "Accept".
      Task {
        try? await Task.sleep(nanoseconds: 20_000_000)
        Narrator.note("the user taps Accept")
        Services.terms.release()
      }
    default:
      break
    }
  })

// Progress, as an AsyncSequence: a tally, counted on a task of its own.
let tally = Task {
  var started = 0, failed = 0, skipped = 0
  for await event in queue.asyncEvents {
    switch event {
    case .started: started += 1
    case .failed: failed += 1
    case .skipped: skipped += 1
    default: break
    }
  }
  return (started, failed, skipped)
}

Narrator.say("the app delegate enqueues the start-up steps, in no particular order")
queue.enqueue(.fullScreenBanner)
queue.enqueue(.login)
queue.enqueue(.appInfo)
queue.enqueue(.checkNetwork)
queue.enqueue(.dailyTask)
queue.enqueue(.acceptTerms)
queue.enqueue(.requestLocation)
queue.enqueue(.optionalUpdate)
queue.enqueue(.checkMyInformation)
queue.enqueue(.activeServices)
queue.start()
// Everything the launch needs is enqueued; the queue ends once it has caught up. Entry points may
// still add tasks until then.
queue.finish()

do {
  try await queue.finished()
  Narrator.say("start-up finished")
} catch {
  Narrator.say("start-up stopped: \(error)")
}
narration.dispose()
world.dispose()

let (started, failed, skipped) = await tally.value
print("")
print("The async sequence saw \(started) starts, \(failed) failures and \(skipped) skipped tasks.")
print("")
print(queue.report())

// A second, shorter launch: what a required failure looks like.
Narrator.heading("When a required step fails")
let offline = LaunchQueue<AppRank>()
offline.enqueue(
  LaunchTask(.checkNetwork, policy: .required.retrying(1)) { context in
    try await Services.work(3)
    Narrator.note("checkNetwork attempt \(context.attempt): \(Services.Failure.noConnection)")
    throw Services.Failure.noConnection
  })
offline.enqueue(.checkMyInformation)
offline.enqueue(.login)
offline.start()
offline.finish()
do {
  try await offline.finished()
  print("unexpected: the offline launch finished")
} catch {
  print("finished() threw:")
  print("  \(error)")
}
print("")
print(offline.report())

// A third launch: start-up as a dependency graph, one task at a time and then on parallel lanes.
Narrator.heading("Dependencies and lanes: how much earlier is the app ready?")
Narrator.say("one task at a time (LaunchConcurrency.serial)")
let serial = await Graph.run(.serial)
Narrator.say("main-actor lane + 3 background tasks at once (LaunchConcurrency.lanes(background: 3))")
let parallel = await Graph.run(.lanes(background: 3))
print("")
print(parallel)
print("")
if let before = Graph.readyTime(serial), let after = Graph.readyTime(parallel) {
  // Measured on the system's monotonic clock; each simulated step sleeps a few milliseconds.
  let earlier = before - after
  print(
    String(
      format: "App ready (active services known): %.0f ms one at a time, %.0f ms on lanes: %.0f ms earlier (%.0f%%).",
      before * 1000, after * 1000, earlier * 1000, earlier / before * 100))
  print(
    String(
      format: "Whole launch: %.0f ms one at a time, %.0f ms on lanes.", (serial.elapsed ?? 0) * 1000,
      (parallel.elapsed ?? 0) * 1000))
}

// `--trace DIRECTORY`: write the parallel run's trace for Perfetto and its SVG timeline.
if let flag = CommandLine.arguments.firstIndex(of: "--trace"), flag + 1 < CommandLine.arguments.count {
  let directory = URL(fileURLWithPath: CommandLine.arguments[flag + 1], isDirectory: true)
  try parallel.chromeTraceJSON().write(to: directory.appendingPathComponent("launch-trace.json"))
  try parallel.timelineSVG().write(
    to: directory.appendingPathComponent("launch-trace.svg"), atomically: true, encoding: .utf8)
  print("Wrote launch-trace.json and launch-trace.svg to \(directory.path)")
}
