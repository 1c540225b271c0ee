import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension AuthReactive where Base == RefreshCoordinator {
  /// A usable credential when subscribed; see ``RefreshCoordinator/credential(completion:)``.
  /// Disposing leaves the wait; the refresh carries on.
  public func credential() -> Single<VersionedCredential> {
    let coordinator = base
    return Self.single { coordinator.credential(completion: $0) }
  }

  /// The access credential alone, when subscribed.
  public func validCredential() -> Single<Credential> {
    credential().map(\.credential)
  }

  /// Compare-and-refresh when subscribed; see ``RefreshCoordinator/refresh(ifGeneration:completion:)``.
  public func refresh(ifGeneration generation: Generation) -> Single<VersionedCredential> {
    let coordinator = base
    return Self.single { coordinator.refresh(ifGeneration: generation, completion: $0) }
  }

  /// Compare-and-refresh by the request's `Authorization` header, when subscribed.
  public func refresh(afterFailureOf request: URLRequest) -> Single<VersionedCredential> {
    let coordinator = base
    return Self.single { coordinator.refresh(afterFailureOf: request, completion: $0) }
  }

  /// Session events; the same as ``RefreshCoordinator/events``.
  public var events: Observable<SessionEvent> { base.events }

  private static func single(
    _ start: @escaping (@escaping AuthCompletion<VersionedCredential>) -> Cancelable
  ) -> Single<VersionedCredential> {
    Single.create { observer in
      // Streams' single observer accepts its one outcome from any thread.
      let observer = UncheckedSendable(observer)
      return start { outcome in observer.value(outcome.mapError { $0 as Error }) }
    }
  }
}
