extension ObservableType where Element: Sendable {
  /// Subscribes, waits for the first element, then disposes the subscription.
  ///
  /// ```swift
  /// let firstTap = try await taps.awaitFirst()
  /// ```
  ///
  /// The awaiting forms are named `await…` (as Kotlin's reactive bridges name theirs) so that they
  /// never compete with RxSwift's `first()` and `toArray()` operators, which return a ``Single``:
  /// an RxSwift call keeps its meaning in async code, and no type annotation is needed.
  ///
  /// - Parameter isolation: where the subscription is made; the caller's actor by default, so
  ///   the call does not hop.
  /// - Returns: the first element, or `nil` if the sequence completed without one.
  /// - Throws: the sequence's error, or `CancellationError` if the task was cancelled first (the
  ///   subscription is then disposed).
  public func awaitFirst(isolation: isolated (any Actor)? = #isolation) async throws -> Element? {
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
  public func awaitLast(isolation: isolated (any Actor)? = #isolation) async throws -> Element? {
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

  /// Subscribes and collects every element until the sequence completes (the awaiting form of
  /// the ``ObservableType/toArray()`` operator).
  ///
  /// - Parameter isolation: where the subscription is made; the caller's actor by default.
  /// - Returns: the elements, in order.
  /// - Throws: the sequence's error, or `CancellationError` if the task was cancelled first (the
  ///   subscription is then disposed).
  public func awaitElements(isolation: isolated (any Actor)? = #isolation) async throws -> [Element] {
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
