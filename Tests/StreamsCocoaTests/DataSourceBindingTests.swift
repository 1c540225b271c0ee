import Foundation
import Streams
import StreamsTestSupport
import Testing

@testable import StreamsCocoa

/// A data source protocol as UIKit's are, and a view that has one.
@MainActor
private protocol TestRowSource: AnyObject {
  var rowCount: Int { get }
}

@MainActor
private final class TestListView: HasDataSource {
  var dataSource: TestRowSource?
  var layouts = 0
}

@MainActor
private final class TestListViewDataSourceProxy: DelegateProxy<TestListView, TestRowSource>, DelegateProxyType,
  TestRowSource
{
  init(view: TestListView) {
    super.init(parentObject: view, delegateProxy: TestListViewDataSourceProxy.self)
  }

  static func registerKnownImplementations() {
    register { TestListViewDataSourceProxy(view: $0) }
  }

  var rowCount: Int { forwardToDelegate()?.rowCount ?? 0 }
}

/// The reactive array data source of the test view: the shared rows core.
@MainActor
private final class TestArrayDataSource: TestRowSource, SectionedViewDataSourceType {
  let models = ReactiveArrayModels<String>()
  var events: [String] = []

  var rowCount: Int { models.count }

  func model(at indexPath: IndexPath) throws -> Any {
    try models.model(at: indexPath, owner: self)
  }

  func bind(_ event: Event<[String]>) {
    events.append("\(event)")
    if case .next(let rows) = event { models.bind(rows) }
  }
}

extension CocoaTests {
  @Suite("Data sources: RxCocoa's items binding and its rows, on a test view")
  @MainActor
  struct DataSourceBindingTests {
    /// Binds `source` to `view` through `dataSource`, as `rx.items(dataSource:)` does.
    private func bind(
      _ source: Observable<[String]>, to view: TestListView, through dataSource: TestArrayDataSource,
      deallocated: Observable<Void> = .never()
    ) -> Disposable {
      source.subscribeProxyDataSource(
        TestListViewDataSourceProxy.self, of: view, dataSource: dataSource, retainDataSource: true,
        deallocated: deallocated, layout: { $0.layouts += 1 }
      ) { _, event in dataSource.bind(event) }
    }

    @Test("Each element replaces the rows; completion keeps them; disposing removes the data source")
    func bindsUntilDisposed() {
      let view = TestListView()
      let rows = PublishSubject<[String]>()
      let dataSource = TestArrayDataSource()
      let binding = bind(rows.asObservable(), to: view, through: dataSource)
      #expect(view.dataSource is TestListViewDataSourceProxy)
      #expect(view.dataSource?.rowCount == 0)
      rows.onNext(["a", "b"])
      #expect(view.dataSource?.rowCount == 2)
      rows.onNext(["c"])
      rows.onCompleted()
      #expect(view.dataSource?.rowCount == 1)
      #expect(dataSource.events == ["next([\"a\", \"b\"])", "next([\"c\"])"])
      #expect(view.layouts == 1)
      binding.dispose()
      #expect(view.dataSource?.rowCount == 0)
      #expect(TestListViewDataSourceProxy.proxy(for: view).forwardToDelegate() == nil)
      #expect(view.layouts == 2)
    }

    @Test("An error is reported as a bindingError; the data source stays, with the rows it had, until disposed")
    func errorIsReported() {
      let view = TestListView()
      let dataSource = TestArrayDataSource()
      let captured = DiagnosticCapture { diagnostic in
        if case .bindingError(let text) = diagnostic, text.contains("TestError") { text } else { nil }
      }
      defer { captured.end() }
      let rows = PublishSubject<[String]>()
      let binding = bind(rows.asObservable(), to: view, through: dataSource)
      rows.onNext(["a"])
      rows.onError(TestError(id: 3))
      #expect(captured.texts == ["TestError(3)"])
      #expect(dataSource.events == ["next([\"a\"])"])
      #expect(view.dataSource?.rowCount == 1)
      binding.dispose()
      #expect(TestListViewDataSourceProxy.proxy(for: view).forwardToDelegate() == nil)
    }

    @Test("The view's deallocation ends the binding")
    func deallocationEndsTheBinding() {
      let view = TestListView()
      let dataSource = TestArrayDataSource()
      let deallocated = PublishSubject<Void>()
      let binding = bind(.just(["a"]), to: view, through: dataSource, deallocated: deallocated.asObservable())
      deallocated.onNext(())
      #expect(dataSource.events == ["next([\"a\"])", "completed"])
      #expect(TestListViewDataSourceProxy.proxy(for: view).forwardToDelegate() == nil)
      binding.dispose()
    }

    @Test(
      "A second binding on one view is refused and reported, also with the same data source; the first keeps its rows")
    func secondBindingRefused() {
      let view = TestListView()
      let first = TestArrayDataSource(), second = TestArrayDataSource()
      let binding = bind(.just(["a", "b"]), to: view, through: first)
      let captured = DiagnosticCapture { diagnostic in
        if case .delegateProxyMisuse(let text) = diagnostic, text.contains("TestListView") { text } else { nil }
      }
      defer { captured.end() }
      let refused = bind(.just(["z"]), to: view, through: second)
      let sameDataSource = bind(.just(["y"]), to: view, through: first)
      #expect(captured.texts.count == 2)
      #expect(second.events.isEmpty)
      #expect(first.events == ["next([\"a\", \"b\"])"])
      refused.dispose()
      sameDataSource.dispose()
      #expect(view.dataSource?.rowCount == 2)
      binding.dispose()
      #expect(view.dataSource?.rowCount == 0)
    }

    @Test("model(at:): not yet bound, out of range and the wrong type are typed errors")
    func models() throws {
      let view = TestListView()
      let dataSource = TestArrayDataSource()
      #expect(throws: RxCocoaError.self) { try dataSource.model(at: IndexPath(indexes: [0, 0])) }
      dataSource.models.bind(["a", "b"])
      let second: String = try SectionedModels.model(at: IndexPath(indexes: [0, 1]), of: dataSource, in: view)
      #expect(second == "b")
      for outOfRange in [IndexPath(indexes: [0, 2]), IndexPath(indexes: [1, 0]), IndexPath(indexes: [0])] {
        #expect {
          try dataSource.model(at: outOfRange)
        } throws: { error in
          guard case RxCocoaError.invalidOperation = error else { return false }
          return true
        }
      }
      #expect {
        let _: Int = try SectionedModels.model(at: IndexPath(indexes: [0, 0]), of: dataSource, in: view)
      } throws: { error in
        guard case RxCocoaError.castingError = error else { return false }
        return true
      }
      #expect {
        let _: String = try SectionedModels.model(at: IndexPath(indexes: [0, 0]), of: nil, in: view)
      } throws: { error in
        guard case RxCocoaError.itemsNotYetBound = error else { return false }
        return true
      }
    }

    @Test("Selections without a model are skipped and reported; the others map to their models")
    func modelsOfSelections() {
      let view = TestListView()
      let dataSource = TestArrayDataSource()
      dataSource.models.bind(["a", "b"])
      let selections = PublishSubject<IndexPath>()
      let models = ValueLog<String>()
      let captured = DiagnosticCapture { diagnostic in
        if case .bindingError(let text) = diagnostic, text.contains("TestArrayDataSource") || text.contains("[0, 5]") {
          text
        } else {
          nil
        }
      }
      defer { captured.end() }
      let subscription = SectionedModels.models(for: selections.asObservable(), of: view) { _, indexPath -> String in
        try SectionedModels.model(at: indexPath, of: dataSource, in: view)
      }.subscribe(onNext: models.append)
      selections.onNext(IndexPath(indexes: [0, 1]))
      selections.onNext(IndexPath(indexes: [0, 5]))
      selections.onNext(IndexPath(indexes: [0, 0]))
      #expect(models.entries == ["b", "a"])
      #expect(captured.texts.count == 1)
      subscription.dispose()
    }

    @Test("RxCocoaError's descriptions name types, never the objects' contents")
    func errorDescriptions() {
      let secret = "token-3f9a"
      let errors: [RxCocoaError] = [
        .itemsNotYetBound(object: secret), .invalidOperation(object: secret),
        .castingError(object: secret, targetType: Int.self),
        .invalidPropertyName(object: secret, propertyName: "name"),
      ]
      for error in errors {
        #expect(!error.debugDescription.contains(secret))
        #expect(error.debugDescription.contains("String"))
      }
    }
  }
}
