extension ObservableType {
  /// Subscribes and accepts every element into each of `relays`.
  ///
  /// Completion is ignored; an error is reported to ``Hooks/diagnostic`` as
  /// ``Diagnostic/bindingError(_:)`` (a relay cannot end).
  public func bind(to relays: PublishRelay<Element>...) -> Disposable {
    bind(accept: { element in for relay in relays { relay.accept(element) } })
  }

  /// Subscribes and accepts every element, made optional, into each of `relays`.
  public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
    bind(accept: { element in for relay in relays { relay.accept(element) } })
  }

  /// Subscribes and accepts every element into each of `relays`.
  ///
  /// Completion is ignored; an error is reported to ``Hooks/diagnostic`` as
  /// ``Diagnostic/bindingError(_:)`` (a relay cannot end).
  public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
    bind(accept: { element in for relay in relays { relay.accept(element) } })
  }

  /// Subscribes and accepts every element, made optional, into each of `relays`.
  public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
    bind(accept: { element in for relay in relays { relay.accept(element) } })
  }

  /// Subscribes and accepts every element into each of `relays`.
  ///
  /// Completion is ignored; an error is reported to ``Hooks/diagnostic`` as
  /// ``Diagnostic/bindingError(_:)`` (a relay cannot end).
  public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
    bind(accept: { element in for relay in relays { relay.accept(element) } })
  }

  /// Subscribes and accepts every element, made optional, into each of `relays`.
  public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
    bind(accept: { element in for relay in relays { relay.accept(element) } })
  }

  private func bind(accept: @escaping (Element) -> Void) -> Disposable {
    subscribe(onNext: accept, onError: Self.reportBindingError)
  }
}
