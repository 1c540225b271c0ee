extension ObservableType {
  /// A sequence that owns a resource for the lifetime of each subscription.
  ///
  /// For each subscriber, `resourceFactory` creates the resource, `observableFactory` builds the
  /// sequence from it, and the resource is disposed when the subscription ends (terminal event or
  /// dispose). An error thrown by either factory is sent to the subscriber.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping @isolated(any) () throws -> Resource,
    observableFactory: @escaping @isolated(any) (Resource) throws -> Observable<Element>
  ) -> Observable<Element> {
    let resourceFactory =
      Isolation.checked(resourceFactory, "using")
    let observableFactory =
      Isolation.checked(observableFactory, "using")
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
