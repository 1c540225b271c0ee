extension ObservableType {
  /// A sequence of the given elements, then completion, one per step of the
  /// ``CurrentThreadScheduler`` trampoline (RxSwift's default): a top-level subscribe receives
  /// everything before it returns, and sources running at once interleave their elements.
  public static func of(_ elements: Element...) -> Observable<Element> {
    TrampolinedSequence(elements)
  }

  /// A sequence of the given elements, one per step of `scheduler`, then completion.
  public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ScheduledSequence(elements, scheduler: scheduler)
  }

  /// A sequence of the elements of `sequence`, then completion, one per step of the
  /// ``CurrentThreadScheduler`` trampoline, like ``of(_:)``. It may be endless: a downstream
  /// `take(_:)` stops it.
  public static func from<Source: Sequence>(_ sequence: Source) -> Observable<Element>
  where Source.Element == Element {
    TrampolinedSequence(sequence)
  }

  /// A sequence of the elements of `sequence`, one per step of `scheduler`, then completion.
  public static func from<Source: Sequence>(_ sequence: Source, scheduler: ImmediateSchedulerType)
    -> Observable<Element> where Source.Element == Element
  {
    ScheduledSequence(sequence, scheduler: scheduler)
  }

  /// A sequence of `optional`'s value if it has one, then completion, both sent synchronously on
  /// subscribe.
  public static func from(optional: Element?) -> Observable<Element> {
    optional.map { .just($0) } ?? .empty()
  }

  /// A sequence of `optional`'s value if it has one, sent on `scheduler`, then completion.
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ScheduledSequence(optional.map { [$0] } ?? [], scheduler: scheduler)
  }
}

/// Sends a sequence's elements one per step of the ``CurrentThreadScheduler`` trampoline, then
/// completion on the next step, as RxSwift's `of`, `from` and `range` do without a scheduler.
///
/// The first step is queued behind the subscription that is running, so the whole chain is
/// subscribed before the first element, and a downstream `take(3)` can stop an endless sequence.
/// Each step queues the next one: sources that run at once interleave their elements.
final class TrampolinedSequence<Source: Sequence>: Producer<Source.Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let source: Source

  init(_ source: Source) {
    self.source = source
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element
  {
    let sink = TrampolinedSequenceSink(iterator: source.makeIterator(), observer: observer, cancel: cancel)
    sink.scheduleStep()
    // A disposed sink skips its remaining steps; there is nothing else to cancel.
    return (sink, Disposables.create())
  }
}

final class TrampolinedSequenceSink<Iterator: IteratorProtocol, Observer: ObserverType>: Sink<Observer>,
  TrampolineStep, @unchecked Sendable
where Iterator.Element == Observer.Element {
  // Unchecked: Sink family (see `Sink`): `iterator` is touched only by its trampoline steps, one at a time.
  // Only touched by the steps, which run one at a time on the subscribing thread's trampoline.
  private var iterator: Iterator

  init(iterator: Iterator, observer: Observer, cancel: Cancelable) {
    self.iterator = iterator
    super.init(observer: observer, cancel: cancel)
  }

  /// Queues the next step on the trampoline (no allocation: the sink is the queue entry).
  func scheduleStep() {
    CurrentThreadScheduler.enqueue(self)
  }

  /// Sends the next element and queues the step after it, or completes; nothing once disposed.
  func runStep() {
    if isDisposed { return }
    if let element = iterator.next() {
      forwardNext(element)
      scheduleStep()
    } else {
      forwardOn(.completed)
      dispose()
    }
  }
}

/// Sends a sequence's elements one per scheduler step, then completion on the next step.
final class ScheduledSequence<Source: Sequence>: Producer<Source.Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let source: Source
  private let scheduler: ImmediateSchedulerType

  init(_ source: Source, scheduler: ImmediateSchedulerType) {
    self.source = source
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element
  {
    let sink = Sink(observer: observer, cancel: cancel)
    let subscription = scheduler.scheduleRecursive(source.makeIterator()) { iterator, recurse in
      var iterator = iterator
      if let element = iterator.next() {
        sink.forwardOn(.next(element))
        recurse(iterator)
      } else {
        sink.forwardOn(.completed)
        sink.dispose()
      }
    }
    return (sink, subscription)
  }
}
