// What WrappingCallbackAndDelegateSDKs.md takes for granted: the SDKs it wraps. Their shapes are
// those of real SDKs (a completion handler, a delegate, a location manager); they do nothing.
import Foundation
import StreamsAdapters

struct Token: Sendable {}
struct Credential: Sendable {}
struct Location: Sendable {}

final class LogInRequest: Sendable {
  func cancel() {}
}

final class SocialSDK: Sendable {
  func logIn(completion: @escaping @Sendable (Token?, (any Error)?) -> Void) -> LogInRequest {
    LogInRequest()
  }
}

protocol SignInControllerDelegate: AnyObject {
  func controller(_ controller: SignInController, didCompleteWith credential: Credential)
  func controller(_ controller: SignInController, didFailWith error: Error)
}

final class SignInController: @unchecked Sendable {
  weak var delegate: SignInControllerDelegate?
  func performRequests() {}
  func cancel() {}
}

final class LocationDelegate: Sendable {
  let sink: EventSink<Location>
  init(sink: EventSink<Location>) { self.sink = sink }
}

final class LocationManager: @unchecked Sendable {
  var delegate: LocationDelegate?
  func startUpdatingLocation() {}
  func stopUpdatingLocation() {}
}

let sdk = SocialSDK()
let manager = LocationManager()
func show(_ location: Location) {}
