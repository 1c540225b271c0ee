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
    let condition = (isolation == nil ? condition : Isolation.guarded(condition, "generate", isolation, file, line))
    let iterate = (isolation == nil ? iterate : Isolation.guarded(iterate, "generate", isolation, file, line))
    return SinkProducer { sink in
      scheduler.scheduleRecursive((initialState, true)) { step, recurse in
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
    }
  }
}
