import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  @Suite("ControlProperty")
  @MainActor
  struct ControlPropertyTests {
    @Test("Subscribers get the values; elements sent to the property go to the value sink")
    func valuesAndSink() {
      let state = BehaviorRelay<Int>(value: 0)
      let property = ControlProperty(
        values: state,
        valueSink: AnyObserver<Int> { event in
          if case .next(let value) = event { state.accept(value) }
        })
      let log = Log()
      let subscription = property.subscribe(onNext: { log("value \($0)") })
      property.onNext(5)
      Observable.just(7).subscribe(property).dispose()
      subscription.dispose()
      #expect(log.entries == ["value 0", "value 5", "value 7"])
      #expect(property.asControlProperty().asObservable() === property.asObservable())
    }

    @Test("changed skips the current value and sends only later ones")
    func changed() {
      let state = BehaviorRelay<Int>(value: 1)
      let property = ControlProperty(values: state, valueSink: AnyObserver<Int> { _ in })
      let log = Log()
      let subscription = property.changed.subscribe(onNext: { log("changed \($0)") })
      state.accept(2)
      state.accept(3)
      subscription.dispose()
      #expect(log.entries == ["changed 2", "changed 3"])
    }

    @Test("An error sent to the property is reported, not passed to the sink; completion is passed")
    func errorIsReported() {
      let reports = Log()
      let previous = Hooks.diagnostic
      Hooks.diagnostic = { diagnostic in
        if case .bindingError(let text) = diagnostic, text.contains("ControlEventFailure") { reports(text) }
      }
      defer { Hooks.diagnostic = previous }
      let sink = Log()
      let property = ControlProperty(values: Observable<Int>.never(), valueSink: AnyObserver<Int> { sink("\($0)") })
      property.onError(ControlEventFailure())
      property.onCompleted()
      #expect(reports.entries.count == 1)
      #expect(sink.entries == ["completed"])
    }

    @Test("orEmpty reads nil as an empty string and writes strings back as optionals")
    func orEmpty() {
      let text = BehaviorRelay<String?>(value: nil)
      let property = ControlProperty(
        values: text,
        valueSink: AnyObserver<String?> { event in
          if case .next(let value) = event { text.accept(value) }
        })
      let log = Log()
      let subscription = property.orEmpty.subscribe(onNext: { log("[\($0)]") })
      property.orEmpty.onNext("abc")
      text.accept(nil)
      subscription.dispose()
      #expect(log.entries == ["[]", "[abc]", "[]"])
    }

    @Test("asDriver() replays the current value and delivers on the sharing scheduler")
    func asDriver() {
      let state = BehaviorRelay<Int>(value: 1)
      let events = mocked { scheduler in
        _ = scheduler.scheduleAt(210) { state.accept(2) }
        return scheduler.start {
          ControlProperty(values: state, valueSink: AnyObserver<Int> { _ in }).asDriver().asObservable()
        }.events
      }
      #expect(events == [.next(201, 1), .next(211, 2)])
    }
  }
}
