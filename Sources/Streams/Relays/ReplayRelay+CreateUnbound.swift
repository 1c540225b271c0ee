extension ReplayRelay {
  /// RxRelay's spelling of ``createUnbounded()``: a relay that replays every accepted element to
  /// each new subscriber.
  public static func createUnbound() -> ReplayRelay<Element> {
    createUnbounded()
  }
}
