import Streams

/// Page 1: an Observable is a recipe that runs once per subscriber.
func observablePage() {
  page(
    1, "Observable", "An Observable describes work; nothing runs until you subscribe, and each subscriber runs it anew."
  )
  let numbers = Observable<Int>.create { observer in
    show("create: starting work for a subscriber")
    observer.onNext(1)
    observer.onNext(2)
    observer.onCompleted()
    observer.onNext(3)  // Ignored: nothing follows a terminal event.
    return Disposables.create { show("create: released") }
  }
  _ = numbers.subscribe(
    onNext: { show("next \($0)") },
    onCompleted: { show("completed") },
    onDisposed: { show("disposed (exactly once)") })
  show("The grammar is next* (error | completed)?: the 3 sent after completion never arrives.")
}
