/// The trait of ``Maybe``: at most one element, then completion; or an error.
public enum MaybeTrait {}

/// A sequence that produces one element, or completes empty, or fails.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The outcome of a ``Maybe``.
public enum MaybeEvent<Element> {
  /// The maybe produced an element.
  case success(Element)
  /// The maybe failed.
  case error(Swift.Error)
  /// The maybe completed without an element.
  case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

extension MaybeEvent: TraitEvent {
  init(first event: Event<Element>) {
    switch event {
    case .next(let element): self = .success(element)
    case .error(let error): self = .error(error)
    case .completed: self = .completed
    }
  }

  var result: Result<Element?, Swift.Error> {
    switch self {
    case .success(let element): .success(element)
    case .error(let error): .failure(error)
    case .completed: .success(nil)
    }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// The callback a `Maybe.create(subscribe:)` function reports its outcome to.
  public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

  /// Creates a maybe from a function called for each subscriber; the first outcome it reports
  /// wins, later ones are ignored.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public static func create(
    subscribe: @escaping (@escaping MaybeObserver) -> Disposable, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence.create(reporting: subscribe, isolation: isolation, file: file, line: line)
  }

  /// Subscribes with one callback for the outcome, called once: an element is reported without
  /// the completion that follows it.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe(
    _ observer: @escaping (MaybeEvent<Element>) -> Void, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    primitiveSequence.reportOutcome(to: observer, isolation: isolation, file: file, line: line)
  }

  /// Subscribes with closures for each outcome; `onDisposed` runs once, right after the outcome's
  /// closure, or when the subscription is disposed first.
  ///
  /// A failure with no `onError` goes to ``Hooks/unhandledError``.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    primitiveSequence.subscribeOutcome(
      as: MaybeEvent<Element>.self, onSuccess: onSuccess, onEmpty: onCompleted, onError: onError,
      onDisposed: onDisposed, name: "subscribe(onSuccess:onError:onCompleted:onDisposed:)", isolation: isolation,
      file: file, line: line)
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly); once it is
  /// gone, none of them runs.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object)
    return subscribe(
      onSuccess: callbacks.bind(onSuccess), onError: callbacks.bindIfPresent(onError),
      onCompleted: callbacks.bind(onCompleted), onDisposed: callbacks.bind(onDisposed), isolation: isolation,
      file: file, line: line)
  }

  /// A maybe that completes at once, empty.
  public static func empty() -> Maybe<Element> {
    Maybe(raw: Observable.empty())
  }

  /// Calls the closures for side effects, without changing the maybe; see
  /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:file:line:)``
  /// for their order. An element is followed by a completion, so `onCompleted` runs after
  /// `afterNext` too.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Maybe<Element> {
    Maybe(
      raw: primitiveSequence.source.do(
        onNext: onNext,
        afterNext: afterNext,
        onError: onError,
        afterError: afterError,
        onCompleted: onCompleted,
        afterCompleted: afterCompleted,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose,
        isolation: isolation, file: file, line: line))
  }

  /// A single with the element, or with `default` if the maybe completes empty.
  public func ifEmpty(default: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
  }

  /// The element, or the outcome of `other` (subscribed then) if the maybe completes empty.
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }

  /// The element, or the outcome of `other` (subscribed then) if the maybe completes empty.
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }
}
