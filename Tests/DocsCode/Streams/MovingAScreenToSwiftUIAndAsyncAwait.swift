// What MovingAScreenToSwiftUIAndAsyncAwait.md takes for granted: the screen's model, its search
// API (an Rx form and an async form), and the query as a sequence.
import Streams

struct SearchAPI: Sendable {
  func search(_ query: String) -> Observable<[String]> { .just(["\(query) 1"]) }
  func search(_ query: String) async throws -> [String] { ["\(query) 1"] }
}

@MainActor let model = SearchModel()
let api = SearchAPI()
let query = PublishRelay<String>()
