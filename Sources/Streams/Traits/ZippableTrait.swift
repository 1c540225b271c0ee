/// The traits whose sequences carry an element, ``SingleTrait`` and ``MaybeTrait``: the ones
/// `zip` of 2 to 8 sources is declared for (`Single.zip(a, b)`, `Maybe.zip(a, b)`), as in RxSwift,
/// and the element operators both share (`just`, `map`, `flatMap`, `filter`, `compactMap`,
/// `catchAndReturn`), each returning the trait's own type.
public protocol ZippableTrait {}

extension SingleTrait: ZippableTrait {}

extension MaybeTrait: ZippableTrait {}
