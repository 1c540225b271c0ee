import Foundation

extension ObservableType {
  /// Prints each subscription, event and disposal with a timestamp and `identifier`, without
  /// changing the sequence; RxSwift's format:
  ///
  /// ```
  /// 2026-11-22 10:00:00.000: search -> subscribed
  /// 2026-11-22 10:00:00.120: search -> Event next(swift)
  /// 2026-11-22 10:00:00.300: search -> Event completed
  /// 2026-11-22 10:00:00.300: search -> isDisposed
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: the name in each line; by default `File.swift:line (function)` of the call.
  ///   - trimOutput: whether an event longer than 40 characters is shortened to its first and
  ///     last 20, joined by `...`.
  ///   - file: the file of the call, for the default identifier.
  ///   - line: the line of the call, for the default identifier.
  ///   - function: the function of the call, for the default identifier.
  ///   - output: where each line goes; standard output by default. Not in RxSwift: an opt-in to
  ///     send the lines to a logger, or to a test.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
    function: String = #function, print output: @escaping @Sendable (String) -> Void = { Swift.print($0) }
  ) -> Observable<Element> {
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    return Debug(
      source: asObservable(), identifier: identifier ?? "\(fileName):\(line) (\(function))", trimOutput: trimOutput,
      output: output)
  }
}

final class Debug<Element>: Producer<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let source: Observable<Element>
  private let log: DebugLog

  init(source: Observable<Element>, identifier: String, trimOutput: Bool, output: @escaping @Sendable (String) -> Void)
  {
    self.source = source
    self.log = DebugLog(identifier: identifier, trimOutput: trimOutput, output: output)
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    log.write("subscribed")
    let sink = DebugSink(log: log, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

final class DebugSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): only `let`s of its own.
  private let log: DebugLog

  init(log: DebugLog, observer: Observer, cancel: Cancelable) {
    self.log = log
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    log.write("Event \(log.trimmed(event.debugDescription))")
    forwardOn(event)
    if event.isStopEvent { dispose() }
  }

  override func dispose() {
    if !isDisposed { log.write("isDisposed") }
    super.dispose()
  }
}

/// Formats and writes the lines of one ``ObservableType/debug(_:trimOutput:file:line:function:print:)``.
struct DebugLog: Sendable {
  private static let maximumEventLength = 40

  let identifier: String
  let trimOutput: Bool
  let output: @Sendable (String) -> Void

  func write(_ content: String) {
    output("\(Self.timestamp()): \(identifier) -> \(content)")
  }

  /// `text`, or its first and last 20 characters when trimming and it is longer than 40.
  func trimmed(_ text: String) -> String {
    guard trimOutput && text.count > Self.maximumEventLength else { return text }
    let half = Self.maximumEventLength / 2
    return String(text.prefix(half)) + "..." + String(text.suffix(half))
  }

  private static func timestamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    return formatter.string(from: Date())
  }
}
