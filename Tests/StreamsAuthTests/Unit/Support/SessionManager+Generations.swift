import Streams
@testable import StreamsAuth

extension Reactive where Base == SessionManager {
  /// Compare-and-refresh for `generation` on the Rx face, when subscribed: the tests drive the Rx
  /// path's replay with generations, where an app compares by the request's header
  /// (`refresh(afterFailureOf:)`).
  func refresh(ifGeneration generation: Generation) -> Single<VersionedCredential> {
    base.engine.single(.afterFailure(generation))
  }
}
