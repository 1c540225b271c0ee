extension ObservableType {
  /// A sequence of one element that completes, synchronously on subscribe.
  public static func just(_ element: Element) -> Observable<Element> {
    Just(element)
  }

  /// A sequence of one element sent on `scheduler`, then completion on the next scheduled step.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ScheduledSequence([element], scheduler: scheduler)
  }
}

final class Just<Element>: Observable<Element>, @unchecked Sendable {
  private let element: Element

  init(_ element: Element) {
    self.element = element
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    observer.onNext(element)
    observer.onCompleted()
    return Disposables.create()
  }
}
