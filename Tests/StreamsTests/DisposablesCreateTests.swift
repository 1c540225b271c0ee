import Streams
import Testing

@Suite("Disposables.create with any number of disposables")
struct DisposablesCreateTests {
  @Test("Four or more disposables are all disposed, once")
  func variadic() {
    let count = Counter()
    let parts = (0..<5).map { _ in Disposables.create { count.increment() } }
    let all = Disposables.create(parts[0], parts[1], parts[2], parts[3], parts[4])
    all.dispose()
    all.dispose()
    #expect(count.value == 5)
    #expect(all.isDisposed)
  }
}
