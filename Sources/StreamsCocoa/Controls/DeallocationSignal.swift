import Streams

/// What `rx.deallocated` observes: owned by the object it watches, it sends `()` and completes when
/// that object releases it, so when the object is deallocated.
///
/// On Apple platforms `rx.deallocated` attaches one to its object as an associated object, which
/// the Objective-C runtime releases as the object is deallocated; an object can also own one as a
/// stored property (what the tests' controls do on Linux). A subscriber that comes late, but while
/// the object lives, gets the element too: the subject replays it.
package final class DeallocationSignal: Sendable {
  private let subject = ReplaySubject<Void>.create(bufferSize: 1)

  package init() {}

  /// Sends `()` and completes once the owner is deallocated.
  package var deallocated: Observable<Void> {
    subject.asObservable()
  }

  deinit {
    subject.on(.next(()))
    subject.on(.completed)
  }
}
