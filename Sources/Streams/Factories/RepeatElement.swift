extension ObservableType {
  /// `element`, again and again, one per step of `scheduler`; it ends only when disposed.
  ///
  /// The default scheduler is the current-thread trampoline, so `repeatElement(x).take(3)` works
  /// synchronously without growing the stack.
  public static func repeatElement(
    _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    ScheduledSequence(Swift.repeatElement(element, count: .max), scheduler: scheduler)
  }
}
