import Streams
import Testing

// RxSwift declares the builder inside DisposeBag; code that names it that way compiles unchanged.
func makeDisposables(@DisposeBag.DisposableBuilder _ build: () -> [Disposable]) -> [Disposable] { build() }

@Suite("DisposeBag.DisposableBuilder (Swift 5 mode)")
struct DisposeBagBuilderSwift5Tests {
  @Test("The nested builder name gathers disposables like the top-level one")
  func nestedBuilder() {
    var disposed = 0
    let disposables = makeDisposables {
      Disposables.create { disposed += 1 }
      Disposables.create { disposed += 1 }
    }
    let bag = DisposeBag()
    bag.insert(disposables)
    #expect(disposed == 0)
    disposables.forEach { $0.dispose() }
    #expect(disposed == 2)
  }
}
