// What DriversAndSignals.md takes for granted: the screen that shows the search.
import Streams

@MainActor final class Button {
  var isEnabled = false
}

@MainActor final class SearchViewController {
  let searchButton = Button()
  let disposeBag = DisposeBag()

  func show(_ results: [String]) {}
}

@MainActor func announce(_ message: String) {}
