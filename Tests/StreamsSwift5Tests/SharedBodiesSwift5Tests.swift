import Streams
import StreamsTest
import Testing

// RxSwift-style code over the forms that now share one body (fixed-arity combineLatest and zip,
// the traits' create/subscribe, subscribe(with:), relay values), compiled in Swift 5 language mode.
private final class Dashboard {
  var lines: [String] = []
  let disposeBag = DisposeBag()

  func show(
    _ temperature: Observable<Int>, _ wind: Observable<Int>, _ rain: Observable<Bool>, _ city: Observable<String>
  ) {
    Observable.combineLatest(temperature, wind, rain, city) { "\($3): \($0)° \($1) km/h\($2 ? " rain" : "")" }
      .subscribe(with: self, onNext: { dashboard, line in dashboard.lines.append(line) })
      .disposed(by: disposeBag)
  }

  func lookUp(_ id: Int) -> Maybe<String> {
    Maybe.create { maybe in
      if id > 0 { maybe(.success("station\(id)")) } else { maybe(.completed) }
      return Disposables.create()
    }
  }
}

@Test("Swift 5 mode: combineLatest of four with subscribe(with:), zip of five, Maybe.create and subscribe")
func sharedBodiesSwift5() {
  let scheduler = TestScheduler(initialClock: 0)
  let temperature = scheduler.createHotObservable([.next(210, 20), .next(230, 21)])
  let wind = scheduler.createHotObservable([.next(215, 5)])
  let rain = scheduler.createHotObservable([.next(220, false)])
  let city = scheduler.createHotObservable([.next(205, "Oslo")])
  let dashboard = Dashboard()
  scheduler.scheduleAt(200) {
    dashboard.show(temperature.asObservable(), wind.asObservable(), rain.asObservable(), city.asObservable())
  }
  scheduler.start()
  #expect(dashboard.lines == ["Oslo: 20° 5 km/h", "Oslo: 21° 5 km/h"])

  let zipped = TestScheduler(initialClock: 0).start {
    Observable.zip(
      Observable.of(1, 2), Observable.of("a", "b"), Observable.of(true, false), Observable.of(1.5, 2.5),
      Observable.of("x", "y")
    ) { "\($0)\($1)\($2)\($3)\($4)" }
  }
  #expect(zipped.events.compactMap { $0.value.element } == ["1atrue1.5x", "2bfalse2.5y"])

  var outcomes: [String] = []
  for id in [1, 0] {
    _ = dashboard.lookUp(id).subscribe(
      onSuccess: { outcomes.append($0) }, onError: { _ in outcomes.append("error") },
      onCompleted: { outcomes.append("none") })
  }
  #expect(outcomes == ["station1", "none"])
}

@Test("Swift 5 mode: a relay's values loop needs no try")
func relayValuesSwift5() async {
  let relay = ReplayRelay<Int>.create(bufferSize: 3)
  relay.accept(1)
  relay.accept(2)
  var received: [Int] = []
  for await value in relay.values {
    received.append(value)
    if received.count == 2 { break }
  }
  #expect(received == [1, 2])
}
