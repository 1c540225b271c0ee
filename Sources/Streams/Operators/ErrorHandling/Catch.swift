extension ObservableType {
  /// On an error, continues with the sequence `handler` returns for it.
  ///
  /// An error thrown by `handler` ends the result with that error.
  ///
  /// ```
  /// --1--#          catch { _ in 8--9--| }
  /// --1--8--9--|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func `catch`(
    _ handler: @escaping @isolated(any) (Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    let handler = Isolation.checked(handler, "catch")
    let source = asObservable()
    return Observable.create { observer in
      let subscription = SerialDisposable()
      subscription.replace {
        source.subscribe { event in
          guard case .error(let error) = event else {
            observer.on(event)
            return
          }
          do {
            let next = try handler(error)
            // Subscribed before the failed source is disposed, as in RxSwift: what `next` sends
            // at once (`catchAndReturn`'s element and completion) comes first.
            subscription.disposable = next.subscribe(observer)
          } catch {
            observer.onError(error)
          }
        }
      }
      return subscription
    }
  }

  /// On an error, sends `element` and completes.
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    `catch` { _ in .just(element) }
  }

  /// Runs the first sequence and, on each error, the next one; fails with the last error when
  /// none is left. Completes with whichever sequence completes; an empty sequence completes at
  /// once.
  ///
  /// As in RxSwift, `sequence` is walked lazily, with a new iterator for each subscription, so it
  /// may be endless. The next sequence is subscribed after the failed one's `on(.error)` returns
  /// (queued, not nested), so sources that fail while being subscribed do not grow the stack.
  public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element>
  where Sources.Element == Observable<Element> {
    CatchSequence { sequence.makeIterator() }
  }
}
