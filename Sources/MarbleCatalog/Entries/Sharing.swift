import Streams
import StreamsTest

extension MarbleCatalog {
  static let sharing: [MarbleCatalogEntry] = [
    Run.sharing(
      "shareReplay", article, caption: "share(replay: 1)", source: "-a-b-c-d-|", hot: false,
      subscribers: [.init("subscriber 1", from: 0), .init("subscriber 2", from: 4)]
    ) { .init($0.share(replay: 1)) },
    Run.sharing(
      "share", article, caption: "share()", source: "-a-b-c-d-|", hot: false,
      subscribers: [.init("subscriber 1", from: 0), .init("subscriber 2", from: 4)]
    ) { .init($0.share()) },
    Run.sharing(
      "shareWhileConnected", article, caption: "share(replay: 1, scope: .whileConnected)", source: "-a-b---c-d-|",
      hot: true, subscribers: [.init("subscriber 1", from: 0, until: 4), .init("subscriber 2", from: 6)]
    ) { .init($0.share(replay: 1, scope: .whileConnected)) },
    Run.sharing(
      "shareForever", article, caption: "share(replay: 1, scope: .forever)", source: "-a-b---c-d-|", hot: true,
      subscribers: [.init("subscriber 1", from: 0, until: 4), .init("subscriber 2", from: 6)]
    ) { .init($0.share(replay: 1, scope: .forever)) },
    Run.sharing(
      "shareWhileConnectedAfterCompletion", article, caption: "share(replay: 1, scope: .whileConnected)",
      source: "-a-b|", hot: false, subscribers: [.init("subscriber 1", from: 0), .init("subscriber 2", from: 6)]
    ) { .init($0.share(replay: 1, scope: .whileConnected)) },
    Run.sharing(
      "shareForeverAfterCompletion", article, caption: "share(replay: 1, scope: .forever)", source: "-a-b|",
      hot: false, subscribers: [.init("subscriber 1", from: 0), .init("subscriber 2", from: 6)]
    ) { .init($0.share(replay: 1, scope: .forever)) },
    Run.sharing(
      "publish", article, caption: "publish(), connect() at frame 2", source: "-a-b-c-|", hot: true,
      subscribers: [.init("subscriber", from: 0)], connectAt: 2
    ) { .init($0.publish()) },
    Run.sharing(
      "replay", article, caption: "replay(1), connect() at frame 0", source: "-a-b-c-|", hot: true,
      subscribers: [.init("subscriber", from: 4)]
    ) { .init($0.replay(1)) },
    Run.sharing(
      "replayAll", article, caption: "replayAll(), connect() at frame 0", source: "-a-b-----c-|", hot: true,
      subscribers: [.init("subscriber", from: 4)]
    ) { .init($0.replayAll()) },
    Run.sharing(
      "multicast", article, caption: "multicast(PublishSubject()), connect() at frame 1", source: "-a-b-c-|",
      hot: true, subscribers: [.init("subscriber", from: 0)], connectAt: 1
    ) { .init($0.multicast(PublishSubject())) },
    Run.unary(
      "multicastSelector", article,
      caption: "multicast({ PublishSubject() }) { shared in zip(shared, shared.skip(1)) { $0 + $1 } }",
      source: "-a-b-c-|"
    ) { source, _ in
      source.multicast({ PublishSubject<String>() }) { shared in
        Observable.zip(shared, shared.skip(1)) { $0 + $1 }
      }
    },
    Run.sharing(
      "refCount", article, caption: "publish().refCount()", source: "-a-b-c-d-e-|", hot: true,
      subscribers: [
        .init("subscriber 1", from: 0, until: 4), .init("subscriber 2", from: 2, until: 6),
        .init("subscriber 3", from: 8),
      ]
    ) { .init($0.publish().refCount()) },
  ]
}

private let article = "Sharing"
