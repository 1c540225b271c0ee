// The shared test support (TestError, Log, Recorder, Gate, Locked, …), visible in every file of this target.
@_exported import StreamsTestSupport
