import Foundation
import Streams
import StreamsBlocking
import StreamsCocoa
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Ordinary RxCocoa Foundation code, as written before Swift 6: a keyboard tracker fed by
// NotificationCenter.rx, and a repository that loads JSON through URLSession.rx and maps
// RxCocoaURLError. This target compiles in Swift 5 language mode.

extension Notification.Name {
  static let keyboardHeightDidChange = Notification.Name("Swift5.keyboardHeightDidChange")
}

final class KeyboardTracker {
  let height = BehaviorRelay<Double>(value: 0)
  private let disposeBag = DisposeBag()

  init(center: NotificationCenter = .default) {
    center.rx.notification(.keyboardHeightDidChange)
      .map { $0.userInfo?["height"] as? Double ?? 0 }
      .bind(to: height)
      .disposed(by: disposeBag)
  }
}

enum RepositoryError: Error, Equatable {
  case notHTTP
  case status(Int)
  case offline
  case other
}

struct SettingsRepository {
  let session: URLSession

  func settings(at url: URL) -> Observable<[String: Any]> {
    session.rx.json(url: url)
      .map { $0 as? [String: Any] ?? [:] }
      .catch { error in
        switch error as? RxCocoaURLError {
        case .nonHTTPResponse?: return .error(RepositoryError.notHTTP)
        case .httpRequestFailed(let response, _)?: return .error(RepositoryError.status(response.statusCode))
        default: return .error(error is URLError ? RepositoryError.offline : RepositoryError.other)
        }
      }
  }
}

@Suite struct FoundationRxSwift5Tests {
  @Test func notificationsDriveARelay() {
    let center = NotificationCenter()
    let tracker = KeyboardTracker(center: center)
    center.post(name: .keyboardHeightDidChange, object: nil, userInfo: ["height": 216.0])
    #expect(tracker.height.value == 216)
  }

  @Test func transportErrorsPassThroughAsURLErrors() {
    URLSession.rx.shouldLogRequest = { _ in false }
    // Port 1 on the loopback interface: nothing listens, the connection is refused at once.
    let unreachable = URL(string: "http://127.0.0.1:1/settings.json")!
    let repository = SettingsRepository(session: .shared)
    #expect(throws: RepositoryError.offline) {
      _ = try repository.settings(at: unreachable).toBlocking(timeout: 10).first()
    }
  }
}
