import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `session.rx`: `validSession()` and `refresh(afterFailureOf:)` as `Single`s over the replaying
/// subject of the same refresh flight async callers wait for, on Streams' ``Reactive`` (one `.rx`
/// for every library).
extension SessionManager: ReactiveCompatible {}

extension Reactive where Base == SessionManager {
  /// A usable credential when subscribed; see ``SessionManager/validSession()``. The single
  /// joins the same refresh flight async callers wait for; disposing leaves the wait and the
  /// refresh carries on.
  public func validSession() -> Single<Credential> {
    credential().map(\.credential)
  }

  /// Compare-and-refresh by the request's `Authorization` header, when subscribed; see
  /// ``SessionManager/refresh(afterFailureOf:)``. Shaped for completion-handler interceptor APIs:
  ///
  /// ```swift
  /// func retry(_ request: Request, for session: Session, dueTo error: Error,
  ///            completion: @escaping (RetryResult) -> Void) {
  ///   guard request.response?.statusCode == 401, let urlRequest = request.request else {
  ///     return completion(.doNotRetry)
  ///   }
  ///   _ = auth.rx.refresh(afterFailureOf: urlRequest).subscribe(
  ///     onSuccess: { _ in completion(.retry) },
  ///     onFailure: { completion(.doNotRetryWithError($0)) })
  /// }
  /// ```
  public func refresh(afterFailureOf request: URLRequest) -> Single<Credential> {
    base.engine.single(.afterFailureCarrying(Credential.bearerToken(in: request))).map(\.credential)
  }

  /// Session events; the same as ``SessionManager/events``.
  public var events: Observable<SessionEvent> { base.events }

  /// A usable credential and its generation, when subscribed.
  func credential() -> Single<VersionedCredential> {
    base.engine.single(.credential)
  }
}
