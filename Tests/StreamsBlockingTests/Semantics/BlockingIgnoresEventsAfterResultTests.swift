import Streams
import StreamsBlocking
import Testing

private struct Stop: Error, Equatable {}

/// RxSwift's rule: once a blocking operator has its result, it ignores the rest of a synchronous
/// source, so the predicate is not asked about elements that come after.
@Suite("Blocking operators ignore events after their result")
struct BlockingIgnoresEventsAfterResultTests {
  /// A source that pushes all its elements at once, ignoring disposal (like a synchronous `create`).
  private func eager(_ elements: [Int]) -> Observable<Int> {
    Observable.create { observer in
      for element in elements { observer.onNext(element) }
      observer.onCompleted()
      return Disposables.create()
    }
  }

  @Test("single(predicate) stops asking after the second match")
  func secondMatch() {
    var asked: [Int] = []
    #expect(throws: StreamsError.moreThanOneElement) {
      try eager([1, 2, 3, 4]).toBlocking().single { element in
        asked.append(element)
        return element >= 2
      }
    }
    #expect(asked == [1, 2, 3])
  }

  @Test("single(predicate) stops asking after the predicate throws")
  func predicateThrows() {
    var asked: [Int] = []
    #expect(throws: Stop()) {
      try eager([1, 2, 3, 4]).toBlocking().single { element in
        asked.append(element)
        if element < 2 { return false }
        throw Stop()
      }
    }
    #expect(asked == [1, 2])
  }
}
