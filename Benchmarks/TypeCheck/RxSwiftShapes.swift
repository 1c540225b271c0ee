// A reference module for report.sh, compiled under the name `Streams`: the operators Chains.swift
// uses, with RxSwift 6's signatures and overloads (no `isolation:file:line:` parameters, no
// Single/Maybe/Infallible/SharedSequence/async overloads) and empty bodies. Type-checking the same
// chains against it separates what the chains' shapes cost from what Streams' declarations add.
public protocol ObservableConvertibleType {
  associatedtype Element
  func asObservable() -> Observable<Element>
}
public protocol ObservableType: ObservableConvertibleType {}
public protocol ImmediateSchedulerType {}
public protocol Disposable { func dispose() }
public protocol ObserverType { associatedtype Element }
public struct Stub: Disposable { public func dispose() {} }
public enum Event<Element> { case next(Element), error(Swift.Error), completed }

public class Observable<Element>: ObservableType {
  public func asObservable() -> Observable<Element> { self }
}
public final class PublishSubject<Element>: Observable<Element> { public override init() {} }
public final class DisposeBag { public init() {} }
extension Disposable { public func disposed(by bag: DisposeBag) {} }

extension ObservableType {
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> { .init() }
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> { .init() }
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> { .init() }
  public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
    -> Observable<Source.Element>
  { .init() }
  public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
    -> Observable<Source.Element>
  { .init() }
  public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
    -> Observable<Source.Element>
  { .init() }
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
    -> Observable<Element>
  { .init() }
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
    .init()
  }
  public func distinctUntilChanged<K>(
    _ keySelector: @escaping (Element) throws -> K, comparer: @escaping (K, K) throws -> Bool
  ) -> Observable<Element> { .init() }
  public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
    -> Observable<Element>
  { .init() }
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
    Stub()
  }
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable { Stub() }
  public func subscribe<Object: AnyObject>(
    with object: Object, onNext: ((Object, Element) -> Void)? = nil, onError: ((Object, Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable { Stub() }
  public func subscribe(
    onNext: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
  ) -> Disposable { Stub() }
  public static func just(_ element: Element) -> Observable<Element> { .init() }
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> { .init() }
  public static func from(optional: Element?) -> Observable<Element> { .init() }
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> { .init() }
  public static func from(_ array: [Element]) -> Observable<Element> { .init() }
  public static func from(_ array: [Element], scheduler: ImmediateSchedulerType) -> Observable<Element> { .init() }
  public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Element { .init() }
  public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence, scheduler: ImmediateSchedulerType)
    -> Observable<Element> where Sequence.Element == Element
  { .init() }
}
extension ObservableType where Element: Equatable {
  public func distinctUntilChanged() -> Observable<Element> { .init() }
}
