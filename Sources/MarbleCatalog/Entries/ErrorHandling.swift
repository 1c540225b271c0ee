import Streams
import StreamsTest

extension MarbleCatalog {
  static let errorHandling: [MarbleCatalogEntry] = [
    Run.resubscribing("catch", article, caption: "catch { _ in recovery }", source: "-a-b-#", fallback: "-x-y-|") {
      source, recovery in source.catch { _ in recovery }
    },
    Run.unary("catchAndReturn", article, caption: "catchAndReturn(\"z\")", source: "-a-b-#") { source, _ in
      source.catchAndReturn("z")
    },
    Run.cold(
      "catchSequence", article, caption: "Observable.catch(sequence: [first, second, third])",
      sources: [("first", "-a-#"), ("second", "-#"), ("third", "-b-|")]
    ) { sources in Observable.catch(sequence: sources) },
    Run.resubscribing("retry", article, caption: "retry(3)", source: "-a-#") { source, _ in source.retry(3) },
    Run.resubscribing("retryForever", article, caption: "retry()", source: "-a-#", disposeAt: 330) { source, _ in
      source.retry()
    },
    MarbleCatalogEntry(name: "retryWhenTimer", article: article) {
      let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
      let source = try scheduler.createColdObservable("-a-#")
      let result = scheduler.start {
        source.asObservable().retry(when: { errors in
          errors.enumerated().flatMap { attempt, error in
            attempt < 2 ? Observable<Int>.timer(.milliseconds(20), scheduler: scheduler) : .error(error)
          }
        })
      }
      return MarbleDiagram(
        caption: "retry(when: { errors in … timer(.milliseconds(20)) for the first two errors })",
        inputs: Run.subscriptionLines(of: source, label: "source", inner: false),
        outputs: [.init(label: "result", events: result.events)])
    },
    Run.resubscribing("retryWhen", article, caption: "retry(when: { errors in errors.take(2) })", source: "-a-#") {
      source, _ in source.retry(when: { errors in errors.take(2) })
    },
  ]
}

private let article = "ErrorHandling"
