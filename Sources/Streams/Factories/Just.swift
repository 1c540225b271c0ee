extension ObservableType {
  /// A sequence of one element that completes, synchronously on subscribe.
  ///
  /// Inlinable so that a call with a known element type (`Observable.just(1)`) finds `Just<Int>`'s
  /// type once per call site instead of looking it up on every call: `flatMap { .just($0) }` makes
  /// one per element.
  @inlinable
  public static func just(_ element: Element) -> Observable<Element> {
    Just(element)
  }

  /// A sequence of one element sent on `scheduler`, then completion on the next scheduled step.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ScheduledSequence([element], scheduler: scheduler)
  }
}

/// The sequence `Observable.just(_:)` returns: sends its element and completes, during `subscribe`.
///
/// The flattening operators recognize it (``JustRecognizer``) and deliver its element without
/// subscribing, which is what subscribing would do.
@usableFromInline
final class Just<Element>: Observable<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  let element: Element

  @usableFromInline
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

/// Tells the sequences `Observable.just(_:)` made apart from others, by their class: one pointer
/// comparison per check, `Just<Element>`'s type being looked up once, when the recognizer is made.
struct JustRecognizer<Element> {
  private let justClass = ObjectIdentifier(Just<Element>.self)

  /// Whether `observable` is a `Just`.
  @inline(__always)
  func recognizes(_ observable: Observable<Element>) -> Bool {
    ObjectIdentifier(type(of: observable)) == justClass
  }

  /// The element of `just`, which ``recognizes(_:)`` accepted.
  @inline(__always)
  func element(of just: Observable<Element>) -> Element {
    unsafeDowncast(just, to: Just<Element>.self).element
  }
}
