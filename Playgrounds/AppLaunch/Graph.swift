import Foundation
import StreamsLaunch

/// The second launch: start-up as a dependency graph, run once one task at a time and once on
/// parallel lanes, to see how much earlier the app is ready.
///
/// login → user info → active services; a push handler that needs login, enqueued mid-launch; app
/// info and the daily task need nothing; the location prompt and the banner are UI work on the
/// main-actor lane. "Ready" is the moment the active services are known.
enum Graph {
  /// What login produces, read typed by the tasks that need it.
  struct Session: Sendable {
    let user: String
  }

  /// What the user-info step produces.
  struct UserInfo: Sendable {
    let name: String
    let services: [String]
  }

  static let session = LaunchResultKey<Session>("login")
  static let userInfo = LaunchResultKey<UserInfo>("userInfo")

  /// The graph's tasks. Ranks still order ready tasks; `needs` orders dependent ones, so user info
  /// (an early rank) waits for login (a later one).
  static var tasks: [LaunchTask<AppRank>] {
    [
      LaunchTask(.checkNetwork) { _ in try await Services.work(15) },
      .onMainActor(.requestLocation, policy: .optional) { _ in try await Services.work(20) },
      LaunchTask(.login, produces: session, needs: ["checkNetwork"]) { _ in
        try await Services.work(30)
        return Session(user: "kim")
      },
      LaunchTask(.checkMyInformation, produces: userInfo, name: "userInfo", needs: [session.key]) { context in
        let session = try context.result(of: session)
        try await Services.work(25)
        return UserInfo(name: session.user, services: ["taxi", "bike"])
      },
      LaunchTask(.activeServices, needs: [userInfo.key]) { context in
        let info = try context.result(of: userInfo)
        try await Services.work(20)
        Narrator.note("activeServices: \(info.services.joined(separator: ", ")) for \(info.name); the app is ready")
      },
      LaunchTask(.appInfo) { _ in try await Services.work(30) },
      LaunchTask(.dailyTask, policy: .optional) { _ in try await Services.work(20) },
      .onMainActor(.fullScreenBanner, policy: .optional, deadline: .milliseconds(500)) { _ in
        try await Services.work(25)
      },
    ]
  }

  /// The push handler: it needs the logged-in user, whatever moment the push arrives.
  static var handlePush: LaunchTask<AppRank> {
    LaunchTask(.handlePush, key: .unique, needs: [session.key]) { context in
      let session = try context.result(of: session)
      Narrator.note("handlePush: opening the coupon screen for \(session.user)")
      try await Services.work(10)
    }
  }

  /// Runs the graph with `concurrency` and returns the report.
  static func run(_ concurrency: LaunchConcurrency) async -> LaunchReport<AppRank> {
    let queue = LaunchQueue<AppRank>(concurrency: concurrency)
    // A push arrives while login runs; it is handled once login is done.
    let push = queue.events.subscribe(onNext: { event in
      if case .started(let task, _) = event, task.rank == .login {
        DispatchQueue.global().async { queue.enqueue(handlePush) }
      }
    })
    for task in tasks { queue.enqueue(task) }
    queue.start()
    queue.finish()
    do {
      try await queue.finished()
    } catch {
      Narrator.say("start-up stopped: \(error)")
    }
    push.dispose()
    return queue.report()
  }

  /// Seconds from start until the active services finished: when the app is ready.
  static func readyTime(_ report: LaunchReport<AppRank>) -> TimeInterval? {
    guard let entry = report.entries.first(where: { $0.task.rank == .activeServices }),
      let start = entry.start, let duration = entry.duration
    else { return nil }
    return start + duration
  }
}
