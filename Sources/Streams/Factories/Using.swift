extension ObservableType {
  /// A sequence that owns a resource for the lifetime of each subscription.
  ///
  /// For each subscriber, `resourceFactory` creates the resource, `observableFactory` builds the
  /// sequence from it, and the resource is disposed when the subscription ends (terminal event or
  /// dispose). An error thrown by either factory is sent to the subscriber.
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping () throws -> Resource,
    observableFactory: @escaping (Resource) throws -> Observable<Element>,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Element> {
    let resourceFactory =
      (isolation == nil ? resourceFactory : Isolation.guarded(resourceFactory, "using", isolation, file, line))
    let observableFactory =
      (isolation == nil ? observableFactory : Isolation.guarded(observableFactory, "using", isolation, file, line))
    return Observable.create { observer in
      let resource: Resource
      do {
        resource = try resourceFactory()
      } catch {
        observer.onError(error)
        return Disposables.create()
      }
      do {
        return Disposables.create(try observableFactory(resource).subscribe(observer), resource)
      } catch {
        observer.onError(error)
        return resource
      }
    }
  }
}
