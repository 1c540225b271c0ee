import Foundation
import Streams
import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The well-known "fix" for parallel 401s, reproduced for the RefreshStorm demo and its tests:
/// a static `isRefreshing` flag, and a `PublishSubject<Void>` "retry" signal that waiters
/// subscribe to into a `DisposeBag` which the first waiter replaces inside `onNext`.
///
/// **Do not use it.** It is here so that its failures can be shown and tested:
/// - a 401 that arrives after a refresh finished finds the flag down and starts another refresh
///   (more than one `/token` call; with rotation, each one revokes the access token the other
///   requests are retrying with, so the storm feeds itself);
/// - a waiter that subscribes after the signal was sent, or whose subscription lands in a bag that
///   is being replaced, waits forever;
/// - a failed refresh clears the flag and tells only its own request: every waiter waits forever;
/// - a 401 that arrives between clearing the flag and saving the new token refreshes with the
///   old refresh token: reuse detection, and the server revokes the session.
///
/// The original keeps the flag and the subject in `static` properties; here one interceptor
/// instance plays the role of those statics, so that runs do not interfere. Each single read and
/// each single write of the shared variables is made atomic, so the demo is memory-safe and
/// ThreadSanitizer-clean; the check-then-act races of the design are kept as they are.
public final class FlagAndPublishSubjectInterceptor: @unchecked Sendable {
  // static var isRefreshing = false
  private let isRefreshingSlot = LockedState(false)
  // static let retryObservable = PublishSubject<Void>()
  private let retryObservable = PublishSubject<Void>()
  // var disposeBag = DisposeBag()
  private let disposeBagSlot = LockedState(UncheckedSendable(DisposeBag()))
  // The app's token storage (a Keychain wrapper in the original).
  private let tokenSlot: LockedState<Credential>
  private let refresher: any CredentialRefresher

  /// Creates the interceptor with the app's current credential and the same refresh grant the
  /// SessionManager uses, so that only the coordination differs.
  public init(credential: Credential, refresher: any CredentialRefresher) {
    tokenSlot = LockedState(credential)
    self.refresher = refresher
  }

  private var isRefreshing: Bool {
    get { isRefreshingSlot.snapshot }
    set { isRefreshingSlot.withLock { $0 = newValue } }
  }

  private var disposeBag: DisposeBag {
    get { disposeBagSlot.snapshot.value }
    set { disposeBagSlot.withLock { $0 = UncheckedSendable(newValue) } }
  }

  /// The credential the app holds now.
  public var credential: Credential { tokenSlot.snapshot }

  /// `adapt`: sets the stored access token.
  public func adapt(_ request: URLRequest) -> URLRequest {
    var request = request
    request.setValue("Bearer \(credential.accessToken)", forHTTPHeaderField: "Authorization")
    return request
  }

  /// `retry(_:for:dueTo:completion:)` as the pattern writes it: `true` means retry.
  public func retry(response: HTTPResponse, completion: @escaping @Sendable (Bool) -> Void) {
    guard response.statusCode == 401 else {
      completion(false)
      return
    }
    if isRefreshing {
      retryObservable
        .subscribe(onNext: { [weak self] in
          self?.disposeBag = DisposeBag()
          completion(true)
        })
        .disposed(by: disposeBag)
      return
    }
    isRefreshing = true
    refreshToken { [weak self] result in
      guard let self else { return }
      self.isRefreshing = false
      switch result {
      case .success(let credential):
        self.tokenSlot.withLock { $0 = credential }
        self.retryObservable.onNext(())
        completion(true)
      case .failure:
        completion(false)
      }
    }
  }

  /// Whether waiters are still subscribed to the retry signal (they will never be released).
  public var hasWaiters: Bool { retryObservable.hasObservers }

  private func refreshToken(completion: @escaping @Sendable (Result<Credential, AuthError>) -> Void) {
    let credential = self.credential
    let refresher = self.refresher
    Task {
      do throws(AuthError) {
        completion(.success(try await refresher.refresh(credential)))
      } catch {
        completion(.failure(error))
      }
    }
  }
}
