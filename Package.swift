// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Streams",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "Streams", targets: ["Streams"]),
    .library(name: "StreamsTest", targets: ["StreamsTest"]),
    .library(name: "StreamsAdapters", targets: ["StreamsAdapters"]),
    .library(name: "StreamsAuth", targets: ["StreamsAuth"]),
    .library(name: "StreamsLaunch", targets: ["StreamsLaunch"]),
    .library(name: "StreamsBlocking", targets: ["StreamsBlocking"]),
    .library(name: "StreamsCocoa", targets: ["StreamsCocoa"]),
  ],
  targets: [
    // Not a product: the identity functions through which Streams reads an `@isolated(any)` closure
    // as its plain type (Isolation+Checked.swift says why a module of its own).
    .target(name: "StreamsIsolationErasure"),
    // Not a product: C11 atomics for Apple platforms before iOS 18 / macOS 15, where Swift's
    // `Atomic` is unavailable (Synchronization/AtomicWord.swift).
    .target(name: "StreamsAtomics"),
    .target(name: "Streams", dependencies: ["StreamsIsolationErasure", "StreamsAtomics"]),
    .target(name: "StreamsTest", dependencies: ["Streams"]),
    .target(name: "StreamsAdapters", dependencies: ["Streams"]),
    .target(name: "StreamsAuth", dependencies: ["Streams"]),
    .target(name: "StreamsLaunch", dependencies: ["Streams"]),
    .target(name: "StreamsBlocking", dependencies: ["Streams"]),
    .target(name: "StreamsCocoa", dependencies: ["Streams"]),
    // The documentation's operator pictures: runs each operator in virtual time (not a product).
    .target(name: "MarbleCatalog", dependencies: ["Streams", "StreamsTest"]),
    .executableTarget(name: "Marbles", dependencies: ["MarbleCatalog"], path: "Playgrounds/Marbles"),
    .executableTarget(
      name: "Basics", dependencies: ["Streams", "StreamsTest", "MarbleCatalog"], path: "Playgrounds/Basics"),
    .executableTarget(
      name: "RefreshStorm", dependencies: ["Streams", "StreamsAuth", "OAuthSimulation"],
      path: "Playgrounds/RefreshStorm"),
    // Sign-in with a code and a dependent session, against the simulation or the tests' servers.
    .executableTarget(
      name: "TokenChain",
      dependencies: ["Streams", "StreamsAuth", "OAuthSimulation", "StreamsTestSupport"],
      path: "Playgrounds/TokenChain"),
    .executableTarget(
      name: "SocialLogin", dependencies: ["Streams", "StreamsAdapters"], path: "Playgrounds/SocialLogin"),
    .executableTarget(name: "AppLaunch", dependencies: ["Streams", "StreamsLaunch"], path: "Playgrounds/AppLaunch"),
    // What the test targets share: TestError, Log, Recorder, Gate, Locked, … (not a product).
    .target(name: "StreamsTestSupport", dependencies: ["Streams"], path: "Tests/StreamsTestSupport"),
    // Test fixture, not a product: the in-process OAuth server simulation and the Django login user
    // agent, shared by the RefreshStorm and TokenChain playgrounds and StreamsAuthTests.
    .target(name: "OAuthSimulation", dependencies: ["Streams", "StreamsAuth"], path: "Tests/OAuthSimulation"),
    // Test fixture, not a product: one isolation race (or race-free shape) per run, so a test can
    // see a debug build stop at a race.
    .executableTarget(name: "IsolationProbe", dependencies: ["Streams"], path: "Tests/IsolationProbe"),
    // Test fixture, not a product: the same, in a module whose default isolation is the main actor
    // (Swift 6.2's `-default-isolation MainActor`, what new app projects use).
    .executableTarget(
      name: "DefaultMainActorProbe", dependencies: ["Streams"], path: "Tests/DefaultMainActorProbe",
      swiftSettings: [.unsafeFlags(["-default-isolation", "MainActor"])]),
    .testTarget(
      name: "StreamsTests",
      dependencies: ["Streams", "StreamsTest", "StreamsTestSupport", "IsolationProbe", "DefaultMainActorProbe"],
      // Programs that IsolationProgramTests compile with swiftc, in Swift 5 and 6 mode.
      exclude: ["Isolation/Programs"]),
    .testTarget(name: "StreamsTestTests", dependencies: ["Streams", "StreamsTest", "StreamsTestSupport"]),
    .testTarget(
      name: "StreamsAdaptersTests",
      dependencies: ["Streams", "StreamsAdapters", "StreamsTest", "StreamsTestSupport"]),
    // One process of the multi-process refresh tests: StreamsAuthTests spawns it (not a product).
    .executableTarget(
      name: "StreamsAuthProcessFixture", dependencies: ["Streams", "StreamsAuth"],
      path: "Tests/StreamsAuthProcessFixture"),
    .testTarget(
      name: "StreamsAuthTests",
      dependencies: [
        "Streams", "StreamsAuth", "StreamsTest", "OAuthSimulation", "StreamsTestSupport",
      ],
      // The OAuth test server (Python) that the tests start themselves; not Swift sources.
      exclude: ["Server"]),
    .testTarget(
      name: "StreamsLaunchTests",
      dependencies: ["Streams", "StreamsLaunch", "StreamsTest", "StreamsTestSupport"]),
    .testTarget(name: "StreamsBlockingTests", dependencies: ["Streams", "StreamsBlocking", "StreamsTestSupport"]),
    .testTarget(name: "MarbleCatalogTests", dependencies: ["MarbleCatalog", "Streams", "StreamsTest"]),
    .testTarget(
      name: "StreamsCocoaTests",
      dependencies: ["Streams", "StreamsCocoa", "StreamsTest", "StreamsTestSupport"]),
    .testTarget(
      name: "StreamsSwift5Tests", dependencies: ["Streams", "StreamsTest", "StreamsBlocking", "StreamsCocoa"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ],
  swiftLanguageModes: [.v6]
)
