/// An observer for UI-style bindings: it holds its target weakly and runs each element's binding
/// on a scheduler (``MainScheduler`` by default).
///
/// Without a scheduler, the binding is a `@MainActor` closure (a main-actor closure by contract, as
/// RxSwift PR #2613 proposes), so it may touch main-actor state, and may be passed from
/// nonisolated code. With a scheduler of your choice, the binding runs on that scheduler, checked
/// against its own isolation as every operator's closure is (<doc:TheContract#Isolation>).
///
/// Once the target is deallocated, elements are ignored. Completion is ignored. A binding has no
/// way to show an error, so an error is reported to ``Hooks/diagnostic`` as
/// ``Diagnostic/bindingError(_:)`` (RxSwift traps in debug builds); catch errors before binding.
///
/// A binder is `Sendable`: feeding it from any thread or task is what it is for. Its target is
/// held weakly and touched only by the binding, which runs on the main actor (checked at each call)
/// or, with a scheduler of your choice, on that scheduler, in its own isolation (checked as an
/// operator's closure is).
///
/// ```swift
/// let title = Binder(label) { label, text in label.text = text }
/// titles.bind(to: title).disposed(by: bag)
/// ```
// Unchecked: see "A binder is Sendable" above; the stored closure only schedules the binding.
public struct Binder<Value>: ObserverType, @unchecked Sendable {
  /// The type of the elements bound.
  public typealias Element = Value

  private let binding: (Event<Value>) -> Void

  /// Creates a binder that calls the main-actor closure `binding` with `target` and each element,
  /// on the main thread (a new ``MainScheduler``), while `target` is alive.
  ///
  /// `binding` runs on the main actor (through `MainActor.assumeIsolated`); `file` and `line` name
  /// the binder in the report of a call off it, which ``MainScheduler`` never makes.
  public init<Target: AnyObject>(
    _ target: Target, binding: @escaping @MainActor (Target, Value) -> Void
  ) {
    let binding = MainActorDelivery.deliver(binding, "Binder")
    self.init(target, on: MainScheduler(), binding: { binding?($0, $1) })
  }

  /// Creates a binder that calls `binding` with `target` and each element, on `scheduler`, while
  /// `target` is alive.
  ///
  /// A binding written on the main actor must run on the main thread; to pass a `@MainActor`
  /// closure from nonisolated code, leave out the scheduler. Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public init<Target: AnyObject>(
    _ target: Target, scheduler: ImmediateSchedulerType, binding: @escaping @isolated(any) (Target, Value) -> Void
  ) {
    self.init(
      target, on: scheduler,
      binding: Isolation.checked(binding, "Binder"))
  }

  private init<Target: AnyObject>(
    _ target: Target, on scheduler: ImmediateSchedulerType, binding: @escaping (Target, Value) -> Void
  ) {
    self.binding = { [weak target] event in
      switch event {
      case .next(let element):
        _ = scheduler.schedule(element) { element in
          if let target { binding(target, element) }
          return Disposables.create()
        }
      case .error(let error):
        Hooks.report(.bindingError("\(error)"))
      case .completed:
        break
      }
    }
  }

  /// Binds `.next` elements; see the type's description for errors and completion.
  public func on(_ event: Event<Value>) {
    binding(event)
  }

  /// The binder as an ``AnyObserver``.
  public func asObserver() -> AnyObserver<Value> {
    AnyObserver(self)
  }
}
