extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// Subscribes and waits for the single's element.
  ///
  /// ```swift
  /// let user = try await api.user(id: 42).value
  /// ```
  ///
  /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`, unless
  /// the source answered first. As in RxSwift, a task that is already cancelled still subscribes:
  /// a source that answers while being subscribed (such as `.just`) gives its answer.
  ///
  /// - Throws: the single's error; ``StreamsError/noElements`` if it completed without an
  ///   element; or `CancellationError`.
  public var value: Element {
    get async throws {
      let source = primitiveSequence.asObservable()
      return try await awaitOutcome(isolation: nil) { (outcome: OnceStorage<Element>) in
        source.subscribe { event in
          switch event {
          case .next(let element): outcome.resolve(.success(element))
          case .error(let error): outcome.resolve(.failure(error))
          case .completed: outcome.resolve(.failure(StreamsError.noElements))
          }
        }
      }
    }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
  /// Subscribes and waits for the maybe's element, or its empty completion.
  ///
  /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`, unless
  /// the source answered first. As in RxSwift, a task that is already cancelled still subscribes:
  /// a source that answers while being subscribed (such as `.just`) gives its answer.
  ///
  /// - Returns: the element, or `nil` if the maybe completed empty.
  /// - Throws: the maybe's error, or `CancellationError`.
  public var value: Element? {
    get async throws {
      let source = primitiveSequence.asObservable()
      return try await awaitOutcome(isolation: nil) { source.subscribeFirstEvent(resolving: $0) }
    }
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// Subscribes and waits for the completable to complete.
  ///
  /// ```swift
  /// try await cache.clear().value
  /// ```
  ///
  /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`, unless
  /// the source answered first. As in RxSwift, a task that is already cancelled still subscribes:
  /// a source that answers while being subscribed (such as `.just`) gives its answer.
  ///
  /// - Throws: the completable's error, or `CancellationError`.
  public var value: Void {
    get async throws {
      let source = primitiveSequence.asObservable()
      try await awaitOutcome(isolation: nil) { (outcome: OnceStorage<Void>) in
        source.subscribe { event in
          switch event {
          case .error(let error): outcome.resolve(.failure(error))
          case .completed: outcome.resolve(.success(()))
          }
        }
      }
    }
  }
}
