/// What handing a producer its handle (an SDK's ``Callback``, an ``EventSink``) came to.
enum HandOverOutcome<Recorded> {
  /// `start` returned the cancellation it gave.
  case returned(Cancellation?)
  /// `start` threw; what recording the error decided.
  case threw(Recorded)
}

/// Calls `start` with the handle `makeHandle` creates.
///
/// Not inlined, so that no copy of the handle (and of its drop token) outlives this call in the
/// caller's frame: afterwards only what `start` kept keeps the handle alive. A throwing `start`
/// is recorded with `recordThrow` while the handle is still alive, so that it is not mistaken for
/// a dropped handle.
@inline(never)
func handOver<Handle, Recorded>(
  _ makeHandle: () -> Handle, to start: (Handle) throws -> Cancellation?,
  recordingThrow recordThrow: (any Error) -> Recorded
) -> HandOverOutcome<Recorded> {
  let handle = makeHandle()
  return withExtendedLifetime(handle) {
    do {
      return .returned(try start(handle))
    } catch {
      return .threw(recordThrow(error))
    }
  }
}
