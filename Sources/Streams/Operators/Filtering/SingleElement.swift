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
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func single(
    _ predicate: @escaping @isolated(any) (Element) throws -> Bool
  ) -> Observable<Element> {
    let predicate = Isolation.checked(predicate, "single")
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
