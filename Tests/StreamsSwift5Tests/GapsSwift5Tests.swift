import Streams
import StreamsCocoa
import StreamsTest
import Testing

// RxSwift/RxCocoa code that uses the last spellings Streams lacked: ControlEvent/ControlProperty
// built by hand (as a delegate proxy would), ReplayRelay.createUnbound, the nested
// DisposeBag.DisposableBuilder, RxObservable and RxAbstractInteger. Swift 5 language mode.

final class SearchField {
  let text = BehaviorRelay<String?>(value: nil)
  let returnKey = PublishRelay<Void>()

  var rxText: ControlProperty<String?> {
    ControlProperty(values: text, valueSink: Binder(self) { field, value in field.text.accept(value) })
  }

  var rxReturnKey: ControlEvent<Void> { ControlEvent(events: returnKey) }
}

@DisposeBag.DisposableBuilder
func searches(from field: SearchField, into history: ReplayRelay<String>) -> [Disposable] {
  field.rxReturnKey
    .withLatestFrom(field.rxText.orEmpty)
    .bind(to: history)
}

@MainActor
@Suite("Gaps (Swift 5)")
struct GapsSwift5Tests {
  @Test func controlPropertyAndEvent() {
    let field = SearchField()
    let history = ReplayRelay<String>.createUnbound()
    var queries: [String] = []
    let bag = DisposeBag()
    bag.insert(searches(from: field, into: history))
    bag.insert(history.subscribe(onNext: { queries.append($0) }))
    _ = bag
    field.rxText.onNext("swift")
    field.returnKey.accept(())
    field.rxText.onNext(nil)
    field.returnKey.accept(())
    #expect(field.text.value == nil)
    #expect(queries == ["swift", ""])
  }

  @Test func integerAliases() {
    func countdown<I: RxAbstractInteger>(from start: I) -> RxObservable<I> {
      Observable.range(start: 0, count: start).map { start - $0 }
    }
    var values: [Int8] = []
    _ = countdown(from: Int8(3)).subscribe(onNext: { values.append($0) })
    #expect(values == [3, 2, 1])
  }

  @Test func disposedSubjectError() {
    let subject = BehaviorSubject(value: 1)
    subject.dispose()
    do {
      _ = try subject.value()
      Issue.record("value() of a disposed subject must throw")
    } catch let error as RxError {
      #expect(error == RxError.disposed(object: subject))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
