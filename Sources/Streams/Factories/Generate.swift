extension ObservableType {
  /// The states `initialState`, `iterate(initialState)`, … while `condition` holds, one per step
  /// of `scheduler`, then completion.
  ///
  /// An error thrown by `condition` or `iterate` ends the sequence with that error.
  public static func generate(
    initialState: Element, condition: @escaping (Element) throws -> Bool,
    scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
    iterate: @escaping (Element) throws -> Element,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Element> {
    Generate(
      initialState: initialState,
      condition: (isolation == nil ? condition : Isolation.guarded(condition, "generate", isolation, file, line)),
      iterate: (isolation == nil ? iterate : Isolation.guarded(iterate, "generate", isolation, file, line)),
      scheduler: scheduler)
  }
}

final class Generate<Element>: Producer<Element>, @unchecked Sendable {
  private let initialState: Element
  private let condition: (Element) throws -> Bool
  private let iterate: (Element) throws -> Element
  private let scheduler: ImmediateSchedulerType

  init(
    initialState: Element, condition: @escaping (Element) throws -> Bool,
    iterate: @escaping (Element) throws -> Element, scheduler: ImmediateSchedulerType
  ) {
    self.initialState = initialState
    self.condition = condition
    self.iterate = iterate
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = Sink(observer: observer, cancel: cancel)
    let (condition, iterate) = (self.condition, self.iterate)
    let subscription = scheduler.scheduleRecursive((initialState, true)) { step, recurse in
      do {
        let state = step.1 ? step.0 : try iterate(step.0)
        if try condition(state) {
          sink.forwardOn(.next(state))
          recurse((state, false))
        } else {
          sink.forwardOn(.completed)
          sink.dispose()
        }
      } catch {
        sink.forwardOn(.error(error))
        sink.dispose()
      }
    }
    return (sink, subscription)
  }
}
