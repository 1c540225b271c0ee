/// RxSwift's name for the integer types that `Observable.interval`, `timer` and `range` count in:
/// any `FixedWidthInteger`.
public typealias RxAbstractInteger = FixedWidthInteger

/// RxSwift's second name for ``Observable``, for code that needs `Observable` spelled without
/// clashing with another module's type of that name.
public typealias RxObservable<Element> = Observable<Element>
