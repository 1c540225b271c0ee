import Streams
import Testing

@Suite("Disposables")
struct DisposableTests {
  @Test("Disposables.create(with:) runs its action once and releases it")
  func anonymousOnce() {
    let count = Counter()
    weak var weakTracked: Tracked?
    let disposable: Cancelable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = Disposables.create {
        _ = tracked
        count.increment()
      }
    }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(count.value == 1)
    #expect(disposable.isDisposed)
    #expect(weakTracked == nil)
  }

  @Test("BooleanDisposable records disposal")
  func boolean() {
    let disposable = BooleanDisposable()
    #expect(!disposable.isDisposed)
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(BooleanDisposable.disposed.isDisposed)
  }

  @Test("CompositeDisposable: insert after dispose disposes at once and returns nil")
  func compositeInsertAfterDispose() {
    let composite = CompositeDisposable()
    let first = BooleanDisposable()
    #expect(composite.insert(first) != nil)
    composite.dispose()
    #expect(first.isDisposed)
    let late = BooleanDisposable()
    #expect(composite.insert(late) == nil)
    #expect(late.isDisposed)
    #expect(composite.count == 0)
  }

  @Test("CompositeDisposable.remove(for:) disposes the removed member only")
  func compositeRemove() {
    let a = BooleanDisposable()
    let b = BooleanDisposable()
    let composite = CompositeDisposable()
    let key = composite.insert(a)!
    _ = composite.insert(b)
    composite.remove(for: key)
    #expect(a.isDisposed)
    #expect(!b.isDisposed)
    #expect(composite.count == 1)
    composite.dispose()
    #expect(b.isDisposed)
  }

  @Test("SerialDisposable disposes the previous value, and a new value after dispose at once")
  func serial() {
    let serial = SerialDisposable()
    let first = BooleanDisposable()
    let second = BooleanDisposable()
    serial.disposable = first
    serial.disposable = second
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
    serial.dispose()
    #expect(second.isDisposed)
    let third = BooleanDisposable()
    serial.disposable = third
    #expect(third.isDisposed)
  }

  @Test("SingleAssignmentDisposable disposes a value set after dispose at once")
  func singleAssignmentAfterDispose() {
    let single = SingleAssignmentDisposable()
    single.dispose()
    let value = BooleanDisposable()
    single.setDisposable(value)
    #expect(value.isDisposed)
  }

  @Test("SingleAssignmentDisposable: a second assignment is disposed and reported, never a trap")
  func singleAssignmentTwice() {
    let reports = Counter()
    let previous = Hooks.diagnostic
    Hooks.diagnostic = { diagnostic in
      if diagnostic == .singleAssignmentReassigned { reports.increment() }
    }
    defer { Hooks.diagnostic = previous }
    let single = SingleAssignmentDisposable()
    let first = BooleanDisposable()
    let second = BooleanDisposable()
    single.setDisposable(first)
    single.setDisposable(second)
    #expect(second.isDisposed)
    #expect(!first.isDisposed)
    #expect(reports.value == 1)
    single.dispose()
    #expect(first.isDisposed)
  }

  @Test("RefCountDisposable waits for the primary and every retained handle")
  func refCount() {
    let underlying = BooleanDisposable()
    let refCount = RefCountDisposable(disposable: underlying)
    let handle1 = refCount.retain()
    let handle2 = refCount.retain()
    refCount.dispose()
    #expect(!underlying.isDisposed)
    handle1.dispose()
    handle1.dispose()
    #expect(!underlying.isDisposed)
    handle2.dispose()
    #expect(underlying.isDisposed)
    #expect(refCount.isDisposed)
  }

  @Test("RefCountDisposable with no handles disposes with the primary")
  func refCountPrimaryOnly() {
    let underlying = BooleanDisposable()
    let refCount = RefCountDisposable(disposable: underlying)
    refCount.dispose()
    #expect(underlying.isDisposed)
  }

  @Test("ScheduledDisposable disposes on its scheduler")
  func scheduled() {
    let underlying = BooleanDisposable()
    let scheduled = ScheduledDisposable(scheduler: ImmediateScheduler.instance, disposable: underlying)
    scheduled.dispose()
    #expect(underlying.isDisposed)
    #expect(scheduled.isDisposed)
  }

  @Test("DisposeBag disposes everything on deinit, including several inserted at once and built ones")
  func disposeBag() {
    let items = (0..<5).map { _ in BooleanDisposable() }
    var bag: DisposeBag? = DisposeBag(disposing: items[0])
    bag!.insert(items[1], items[2])
    bag!.insert {
      items[3]
      items[4]
    }
    #expect(items.allSatisfy { !$0.isDisposed })
    bag = nil
    #expect(items.allSatisfy { $0.isDisposed })
  }

  @Test("DisposeBag's builder initializer holds the built disposables")
  func disposeBagBuilder() {
    let a = BooleanDisposable()
    let b = BooleanDisposable()
    var bag: DisposeBag? = DisposeBag {
      a
      b
    }
    _ = bag
    bag = nil
    #expect(a.isDisposed && b.isDisposed)
  }

  @Test("disposed(by:) ties a subscription to a bag")
  func disposedBy() {
    let subject = PublishSubject<Int>()
    var bag = DisposeBag()
    subject.subscribe().disposed(by: bag)
    #expect(subject.hasObservers)
    bag = DisposeBag()
    #expect(!subject.hasObservers)
    _ = bag
  }
}

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
