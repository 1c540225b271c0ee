extension InfallibleType {
  /// Prints each subscription, event and disposal, as the observable `debug` does; the result
  /// stays infallible.
  ///
  /// RxSwift's parameters: without an `identifier`, each line names the call as
  /// `File.swift:line (function)`.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
    function: String = #function
  ) -> Infallible<Element> {
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    return Infallible(asObservable().debug(identifier ?? "\(fileName):\(line) (\(function))", trimOutput: trimOutput))
  }
}
