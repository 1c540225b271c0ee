import Streams
let s = PublishSubject<Int>()
let bag = DisposeBag()
s.map { $0 * 2 }.filter { $0 > 2 }.take(2).subscribe(onNext: { print("got", $0) }, onCompleted: { print("done") }, onDisposed: { print("disposed") }).disposed(by: bag)
s.onNext(1); s.onNext(2); s.onNext(3); s.onNext(4)
let shared = Observable.of(1,2,3).do(onNext: { print("side", $0) }).share(replay: 1)
_ = shared.subscribe(onNext: { print("A", $0) })
_ = Observable<Int>.range(start: 0, count: 3, scheduler: CurrentThreadScheduler.instance).subscribe(onNext: { print("r", $0) }, onCompleted: { print("rc") })
_ = Observable<Int>.repeatElement(7).take(3).subscribe(onNext: { print("rep", $0) })
