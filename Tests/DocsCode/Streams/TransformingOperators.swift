// What TransformingOperators.md takes for granted: a screen with a save button, and server replies.
import Foundation
import Streams

final class EditorViewController {
  let saveTaps = PublishRelay<Void>()
  let bag = DisposeBag()

  func save() {}
}

struct User: Decodable {
  let name: String
}

let responses = Observable.just(Data(#"{"name": "Ann"}"#.utf8))
