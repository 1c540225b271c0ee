// What StreamsCocoa.md takes for granted: a user name, and the label that greets the user.
import Streams

@MainActor final class Label {
  var text: String?
}

let username = Observable.just("Ann")
@MainActor let label = Label()
let disposeBag = DisposeBag()
