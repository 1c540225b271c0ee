import Streams

extension ControlSource {
  /// Listens to the calls of `methods` of the control's delegate proxy (`proxy(control)`): for the
  /// controls that report changes to their delegate (a scroll view's scrolling, a search bar's or a
  /// text field's edits).
  @MainActor
  package static func listening<Control: AnyObject, Proxy>(
    to methods: [KeyPath<Proxy, DelegateMethod<Void>>], of proxy: @escaping @MainActor (Control) -> Proxy
  ) -> Listen<Control> {
    { control, handler in
      let proxy = proxy(control)
      return Disposables.create(
        methods.map { method in
          proxy[keyPath: method].listen { [weak control] in if let control { handler(control) } }
        })
    }
  }
}
