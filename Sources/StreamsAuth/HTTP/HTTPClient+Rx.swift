import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `client.rx`: the client's Rx face, on Streams' ``Reactive`` (one `.rx` for every library).
extension HTTPClient: ReactiveCompatible {}

extension Reactive where Base == HTTPClient {
  /// Sends `request` when subscribed; disposing the subscription cancels the request.
  public func send(_ request: URLRequest) -> Single<HTTPResponse> {
    let client = base
    return Single.create { observer in
      // The observer is Streams' single observer: it accepts its one outcome from any thread.
      let observer = UncheckedSendable(observer)
      return client.send(request) { outcome in
        switch outcome {
        case .success(let response): observer.value(.success(response))
        case .failure(let error): observer.value(.failure(error))
        }
      }
    }
  }
}
