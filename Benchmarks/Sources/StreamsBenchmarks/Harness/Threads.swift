import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body(index)` on `threads` new threads at once and meters from the moment they are released
/// until the last one finishes (thread creation and joining are not metered).
func runConcurrently(threads: Int, meter: inout Meter, _ body: @escaping @Sendable (Int) -> Void) {
  let gate = DispatchSemaphore(value: 0)
  let finished = DispatchSemaphore(value: 0)
  var handles: [pthread_t] = []
  for index in 0..<threads {
    let work = ThreadWork {
      gate.wait()
      body(index)
      finished.signal()
    }
    handles.append(startThread(work))
  }
  meter.start()
  for _ in 0..<threads { gate.signal() }
  for _ in 0..<threads { finished.wait() }
  meter.stop()
  for handle in handles { pthread_join(handle, nil) }
}

private final class ThreadWork: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

private func startThread(_ work: ThreadWork) -> pthread_t {
  let context = Unmanaged.passRetained(work).toOpaque()
  #if canImport(Darwin)
    var handle: pthread_t?
  #else
    var handle = pthread_t()
  #endif
  let status = pthread_create(
    &handle, nil,
    { context in
      let context: UnsafeMutableRawPointer? = context  // Optional on Linux, not on Darwin.
      let work = Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue()
      work.run()
      return nil
    }, context)
  precondition(status == 0, "pthread_create failed with \(status)")
  #if canImport(Darwin)
    return handle!
  #else
    return handle
  #endif
}
