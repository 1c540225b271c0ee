extension ObservableType {
  /// A sequence of the given elements, sent on subscribe without a scheduler, then completion.
  public static func of(_ elements: Element...) -> Observable<Element> {
    SynchronousSequence(elements)
  }

  /// A sequence of the given elements, one per step of `scheduler`, then completion.
  public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ScheduledSequence(elements, scheduler: scheduler)
  }

  /// A sequence of the elements of `sequence`, sent on subscribe without a scheduler, then
  /// completion. It may be endless: a downstream `take(_:)` stops it.
  public static func from<Source: Sequence>(_ sequence: Source) -> Observable<Element>
  where Source.Element == Element {
    SynchronousSequence(sequence)
  }

  /// A sequence of the elements of `sequence`, one per step of `scheduler`, then completion.
  public static func from<Source: Sequence>(_ sequence: Source, scheduler: ImmediateSchedulerType)
    -> Observable<Element> where Source.Element == Element
  {
    ScheduledSequence(sequence, scheduler: scheduler)
  }

  /// A sequence of `optional`'s value if it has one, then completion.
  public static func from(optional: Element?) -> Observable<Element> {
    SynchronousSequence(optional.map { [$0] } ?? [])
  }

  /// A sequence of `optional`'s value if it has one, sent on `scheduler`, then completion.
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
    ScheduledSequence(optional.map { [$0] } ?? [], scheduler: scheduler)
  }
}

/// Sends a sequence's elements in a loop; stops early if the subscriber disposes.
///
/// The loop is one item on the ``CurrentThreadScheduler`` trampoline: a top-level subscribe still
/// receives everything before it returns, but the loop starts only once the whole chain is
/// subscribed, so a downstream `take(3)` can stop even an endless sequence.
final class SynchronousSequence<Source: Sequence>: Producer<Source.Element>, @unchecked Sendable {
  private let source: Source

  init(_ source: Source) {
    self.source = source
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Source.Element
  {
    let sink = Sink(observer: observer, cancel: cancel)
    let source = self.source
    let subscription = CurrentThreadScheduler.instance.schedule(()) { _ in
      for element in source {
        if sink.isDisposed { return Disposables.create() }
        sink.forwardOn(.next(element))
      }
      sink.forwardOn(.completed)
      sink.dispose()
      return Disposables.create()
    }
    return (sink, subscription)
  }
}

/// Sends a sequence's elements one per scheduler step, then completion on the next step.
final class ScheduledSequence<Source: Sequence>: Producer<Source.Element>, @unchecked Sendable {
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
