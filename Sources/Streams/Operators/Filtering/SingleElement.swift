extension ObservableType {
  /// Passes on the one element of the sequence; fails with ``StreamsError/moreThanOneElement`` as
  /// soon as a second one arrives, or with ``StreamsError/noElements`` if it completes without one.
  ///
  /// The element is sent when it arrives, not at completion.
  ///
  /// ```
  /// --a-----|   single()      --a--b--|   single()      -----|   single()
  /// --a-----|                 --a--#                     -----#
  /// ```
  public func single() -> Observable<Element> {
    single { _ in true }
  }

  /// Passes on the one element for which `predicate` returns `true`; fails with
  /// ``StreamsError/moreThanOneElement`` as soon as a second one arrives, or with
  /// ``StreamsError/noElements`` if the sequence completes without one.
  ///
  /// An error thrown by `predicate` ends the sequence with that error.
  public func single(
    _ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Observable<Element> {
    let predicate = (isolation == nil ? predicate : Isolation.guarded(predicate, "single", isolation, file, line))
    return step(false) { seen, event, downstream in
      switch event {
      case .next(let element):
        guard try predicate(element) else { return }
        if seen {
          downstream.error(StreamsError.moreThanOneElement)
        } else {
          seen = true
          downstream.next(element)
        }
      case .error(let error):
        downstream.error(error)
      case .completed:
        if seen {
          downstream.completed()
        } else {
          downstream.error(StreamsError.noElements)
        }
      }
    }
  }
}
