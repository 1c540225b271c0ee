extension ObservableType {
  /// The states `initialState`, `iterate(initialState)`, … while `condition` holds, one per step
  /// of `scheduler`, then completion.
  ///
  /// An error thrown by `condition` or `iterate` ends the sequence with that error.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func generate(
    initialState: Element, condition: @escaping @isolated(any) (Element) throws -> Bool,
    scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
    iterate: @escaping @isolated(any) (Element) throws -> Element
  ) -> Observable<Element> {
    let condition = Isolation.checked(condition, "generate")
    let iterate = Isolation.checked(iterate, "generate")
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
