/// An observer for UI-style bindings: it holds its target weakly and runs each element's binding
/// on a scheduler (``MainScheduler`` by default).
///
/// Once the target is deallocated, elements are ignored. Completion is ignored. A binding has no
/// way to show an error, so an error is reported to ``Hooks/diagnostic`` as
/// ``Diagnostic/bindingError(_:)`` (RxSwift traps in debug builds); catch errors before binding.
///
/// ```swift
/// let title = Binder(label) { label, text in label.text = text }
/// titles.bind(to: title).disposed(by: bag)
/// ```
public struct Binder<Value>: ObserverType {
  /// The type of the elements bound.
  public typealias Element = Value

  private let binding: (Event<Value>) -> Void

  /// Creates a binder that calls `binding` with `target` and each element, on `scheduler`, while
  /// `target` is alive.
  public init<Target: AnyObject>(
    _ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(),
    binding: @escaping (Target, Value) -> Void
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
