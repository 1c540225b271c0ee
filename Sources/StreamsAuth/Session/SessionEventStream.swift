import Streams

/// Session events as an `AsyncSequence`: each iterator subscribes when it is made, receives
/// ``SessionEvent/initialSession(_:)`` first (once the session is known), then every later
/// event, buffered without limit; it ends when the session manager is deallocated, and ending the
/// iteration (or cancelling its task) unsubscribes.
///
/// ```swift
/// for await event in session.eventStream {
///   if case .signedOut = event { showSignIn() }
/// }
/// ```
///
/// It is Streams' non-throwing `AsyncInfallibleSequence` over ``SessionManager/events``: its
/// iterator's `next()` returns `nil` when the session manager is gone or the task was cancelled.
public typealias SessionEventStream = AsyncInfallibleSequence<SessionEvent>
