import StreamsLaunch

/// The app's start-up tasks. Each is defined once and enqueued by name from anywhere.
extension LaunchTask where Rank == AppRank {
  static var checkNetwork: LaunchTask {
    LaunchTask(.checkNetwork) { _ in try await Services.work(8) }
  }

  static var requestLocation: LaunchTask {
    // Start-up goes on without location: the user may say no.
    LaunchTask(.requestLocation, policy: .optional) { _ in try await Services.work(25) }
  }

  static var checkMyInformation: LaunchTask {
    LaunchTask(.checkMyInformation) { _ in try await Services.work(10) }
  }

  static var login: LaunchTask {
    LaunchTask(.login) { context in
      try await Services.work(12)
      if Services.logins.next() == 1 {
        // The stored session has expired: refresh "my information" (an earlier rank), then log in
        // again. Both run next, before anything of a later rank.
        Narrator.note("login: \(Services.Failure.sessionExpired); re-enqueueing checkMyInformation and login")
        context.enqueue(.checkMyInformation)
        context.enqueue(.login)
      }
    }
  }

  static var acceptTerms: LaunchTask {
    // UI work runs on the main actor; waiting for the user suspends, it blocks no thread.
    .onMainActor(.acceptTerms) { _ in
      Narrator.note("acceptTerms: showing the terms of service and waiting for the user")
      try await Services.terms.wait()
    }
  }

  static var handlePush: LaunchTask {
    LaunchTask(.handlePush) { context in
      let payload = try context.parameter(as: [String: String].self)
      Narrator.note("handlePush: routing push \(payload["id"] ?? "?") to the \(payload["screen"] ?? "?") screen")
      try await Services.work(4)
    }
  }

  static var appInfo: LaunchTask {
    LaunchTask(.appInfo) { _ in try await Services.work(9) }
  }

  static var activeServices: LaunchTask {
    LaunchTask(.activeServices) { _ in try await Services.work(11) }
  }

  static var openURL: LaunchTask {
    LaunchTask(.openURL) { context in
      let url = try context.parameter(as: String.self)
      Narrator.note("openURL: opening \(url)")
      try await Services.work(3)
    }
  }

  static var optionalUpdate: LaunchTask {
    LaunchTask(.optionalUpdate, policy: .optional.retrying(1)) { _ in
      try await Services.work(6)
      if Services.updateChecks.next() == 1 { throw Services.Failure.storeTimeout }
    }
  }

  static var dailyTask: LaunchTask {
    LaunchTask(.dailyTask, policy: .optional) { _ in try await Services.work(5) }
  }

  static var fullScreenBanner: LaunchTask {
    LaunchTask.onMainActor(.fullScreenBanner, policy: .optional) { _ in
      try await Services.work(4)
      throw Services.Failure.bannerServerDown
    }
  }
}
