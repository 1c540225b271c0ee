extension ObservableType where Element: Sendable {
  /// Subscribes, waits for the first element, then disposes the subscription.
  ///
  /// ```swift
  /// let firstTap = try await taps.first()
  /// ```
  ///
  /// In an `async` function, `try await source.first()` is this method and `source.first()` used
  /// as a ``Single`` is the operator; state the type (`let first: Single<Element?> = source.first()`)
  /// where it is not clear. Top-level code (`main.swift`) prefers the operator: there, state the
  /// type of the result (`let first: Element? = try await source.first()`).
  ///
  /// - Parameter isolation: where the subscription is made; the caller's actor by default, so
  ///   the call does not hop.
  /// - Returns: the first element, or `nil` if the sequence completed without one.
  /// - Throws: the sequence's error, or `CancellationError` if the task was cancelled first (the
  ///   subscription is then disposed).
  public func first(isolation: isolated (any Actor)? = #isolation) async throws -> Element? {
    let source = take(1)
    return try await awaitOutcome(isolation: isolation) { source.subscribeFirstEvent(resolving: $0) }
  }

  /// Subscribes `outcome` to the first event: its element, `nil` for a completion, or its error.
  func subscribeFirstEvent(resolving outcome: OnceStorage<Element?>) -> Disposable {
    subscribe { event in
      switch event {
      case .next(let element): outcome.resolve(.success(element))
      case .error(let error): outcome.resolve(.failure(error))
      case .completed: outcome.resolve(.success(nil))
      }
    }
  }

  /// Subscribes and waits for the sequence to complete.
  ///
  /// - Parameter isolation: where the subscription is made; the caller's actor by default.
  /// - Returns: the last element, or `nil` if the sequence completed without one.
  /// - Throws: the sequence's error, or `CancellationError` if the task was cancelled first (the
  ///   subscription is then disposed).
  public func last(isolation: isolated (any Actor)? = #isolation) async throws -> Element? {
    let source = asObservable()
    return try await awaitOutcome(isolation: isolation) { (outcome: OnceStorage<Element?>) in
      let last = UncheckedBox<Element?>(nil)  // Serialized: events to one observer never overlap.
      return source.subscribe { event in
        switch event {
        case .next(let element): last.value = element
        case .error(let error): outcome.resolve(.failure(error))
        case .completed: outcome.resolve(.success(last.value))
        }
      }
    }
  }

  /// Subscribes and collects every element until the sequence completes.
  ///
  /// In an `async` function, `try await source.toArray()` is this method and `source.toArray()`
  /// used as a ``Single`` is the operator; state the type where it is not clear. Top-level code
  /// (`main.swift`) prefers the operator: there, state the type of the result
  /// (`let all: [Element] = try await source.toArray()`).
  ///
  /// - Parameter isolation: where the subscription is made; the caller's actor by default.
  /// - Returns: the elements, in order.
  /// - Throws: the sequence's error, or `CancellationError` if the task was cancelled first (the
  ///   subscription is then disposed).
  public func toArray(isolation: isolated (any Actor)? = #isolation) async throws -> [Element] {
    let source = asObservable()
    return try await awaitOutcome(isolation: isolation) { (outcome: OnceStorage<[Element]>) in
      let elements = UncheckedBox<[Element]>([])  // Serialized: events to one observer never overlap.
      return source.subscribe { event in
        switch event {
        case .next(let element): elements.value.append(element)
        case .error(let error): outcome.resolve(.failure(error))
        case .completed: outcome.resolve(.success(elements.value))
        }
      }
    }
  }
}
