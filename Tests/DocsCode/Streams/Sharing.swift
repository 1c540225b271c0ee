// What Sharing.md takes for granted: a source of numbers.
import Streams

let source = Observable.of(1, 2, 3)
