extension SerialDisposable {
  /// Replaces the current disposable with the one `subscribe` returns.
  ///
  /// Safe when the subscription re-enters before `subscribe` returns and replaces the disposable
  /// again (a source that fails synchronously and is retried, say): the slot is installed first,
  /// so the later replacement disposes this subscription as soon as it is handed over, instead of
  /// the handed-over one overwriting the newer subscription.
  func replace(with subscribe: () -> Disposable) {
    let slot = SingleAssignmentDisposable()
    disposable = slot
    slot.setDisposable(subscribe())
  }
}
