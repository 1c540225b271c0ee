import Streams
import StreamsTest
import Testing

// Trait code as RxSwift users write it, compiled in Swift 5 language mode.
private enum LoadError: Error { case offline }

private final class ProfileLoader {
  var names: [String] = []
  var log: [String] = []
  let disposeBag = DisposeBag()

  func fetchName(id: Int) -> Single<String> {
    Single.create { single in
      if id > 0 { single(.success("user\(id)")) } else { single(.failure(LoadError.offline)) }
      return Disposables.create()
    }
  }

  func saveAll() -> Completable {
    Completable.create { completable in
      self.log.append("saved")
      completable(.completed)
      return Disposables.create()
    }
  }

  func load() {
    Single.zip(fetchName(id: 1), fetchName(id: 2)) { "\($0)+\($1)" }
      .flatMap { pair in self.saveAll().andThen(Single.just(pair)) }
      .subscribe(with: self, onSuccess: { loader, pair in loader.names.append(pair) })
      .disposed(by: disposeBag)
    fetchName(id: 0)
      .catchAndReturn("guest")
      .do(onSuccess: { self.log.append("got \($0)") })
      .subscribe(onSuccess: { self.names.append($0) }, onFailure: { _ in self.log.append("failed") })
      .disposed(by: disposeBag)
    Maybe<String>.empty()
      .ifEmpty(default: "nobody")
      .subscribe(onSuccess: { self.names.append($0) })
      .disposed(by: disposeBag)
  }
}

@Suite("Traits (Swift 5 mode)")
struct TraitsSwift5Tests {
  @Test("zip, andThen, catchAndReturn and ifEmpty compose as in RxSwift")
  func composition() {
    let loader = ProfileLoader()
    loader.load()
    #expect(loader.names == ["user1+user2", "guest", "nobody"])
    #expect(loader.log == ["saved", "got guest"])
  }

  @Test("Completable.zip and concat in virtual time")
  func completablesInVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createColdObservable([.completed(10, Never.self)]).asCompletable()
    let second = scheduler.createColdObservable([.completed(20, Never.self)]).asCompletable()
    let merged = scheduler.start { Completable.zip(first, second).asObservable() }
    #expect(merged.events == [.completed(220)])

    let sequential = TestScheduler(initialClock: 0)
    let third = sequential.createColdObservable([.completed(10, Never.self)]).asCompletable()
    let fourth = sequential.createColdObservable([.completed(20, Never.self)]).asCompletable()
    let concatenated = sequential.start { Completable.concat([third, fourth]).asObservable() }
    #expect(concatenated.events == [.completed(230)])
  }
}
