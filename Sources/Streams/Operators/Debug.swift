import Foundation

extension ObservableType {
  /// Prints every event, subscription and disposal, with a timestamp and `identifier`, without
  /// changing the sequence.
  ///
  /// ```
  /// 2026-11-22 10:00:00.000: search -> subscribed
  /// 2026-11-22 10:00:00.120: search -> next(swift)
  /// 2026-11-22 10:00:00.300: search -> completed
  /// 2026-11-22 10:00:00.300: search -> disposed
  /// ```
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, fileID: StaticString = #fileID, line: UInt = #line,
    print output: @escaping @Sendable (String) -> Void = { Swift.print($0) }
  ) -> Observable<Element> {
    let name = identifier ?? "\(fileID):\(line)"
    func log(_ message: String) {
      let text = trimOutput && message.count > 40 ? String(message.prefix(37)) + "..." : message
      output("\(DebugClock.timestamp()): \(name) -> \(text)")
    }
    return self.do(
      onNext: { log("next(\($0))") },
      onError: { log("error(\($0))") },
      onCompleted: { log("completed") },
      onSubscribe: { log("subscribed") },
      onDispose: { log("disposed") })
  }
}

/// Formats the wall-clock time for ``ObservableType/debug(_:trimOutput:fileID:line:print:)``.
enum DebugClock {
  static func timestamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    return formatter.string(from: Date())
  }
}
