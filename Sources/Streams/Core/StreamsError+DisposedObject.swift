extension StreamsError {
  /// RxSwift's `RxError.disposed(object:)` spelling, taking the disposed object itself.
  ///
  /// An error must be `Sendable`, so the error keeps the name of the object's type without its
  /// generic arguments (as the subjects' own errors do), not the object: matching
  /// `case .disposed(let object)` binds a `String`, and
  /// `RxError.disposed(object: subject)` equals the error a disposed subject sends.
  public static func disposed(object: AnyObject) -> StreamsError {
    .disposed(object: String("\(type(of: object))".prefix { $0 != "<" }))
  }
}
