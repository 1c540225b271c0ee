// swift-tools-version: 6.0
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, and a clone may live in a folder of any name,
// so the Streams package's identity is read from the folder that holds this one.
let streams = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent.lowercased()

// A separate package, so that Streams itself does not depend on OpenCombine.
// Run: swift run -c release --package-path Benchmarks StreamsBenchmarks [--quick] [--rows A,B]
let package = Package(
  name: "StreamsBenchmarks",
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "StreamsBenchmarks",
      dependencies: [
        "AllocationCounter",
        .product(name: "Streams", package: streams),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    // Counts malloc calls by defining malloc & co. in the executable (glibc lets a program replace
    // its allocator); see the header.
    .target(name: "AllocationCounter"),
    // Locks taken by one request through StreamsAuth (issue 26): see Sources/SessionLockCount.
    .executableTarget(name: "SessionLockCount", dependencies: ["LockCounter", "SessionScenario"]),
    // The walk of a 401 through StreamsAuth, counted (issue 37): see Sources/SessionWalk.
    .executableTarget(
      name: "SessionWalk",
      dependencies: [
        "FunctionCounter", "LockCounter", "SessionScenario", .product(name: "StreamsAuth", package: streams),
      ]
    ),
    // The request SessionLockCount and SessionWalk measure.
    .target(
      name: "SessionScenario",
      dependencies: [.product(name: "Streams", package: streams), .product(name: "StreamsAuth", package: streams)]
    ),
    // Counts entries into instrumented functions; see the header.
    .target(name: "FunctionCounter"),
    // Locks and time per element through an async operator (issue 37): see Sources/AsyncOperatorCost.
    .executableTarget(
      name: "AsyncOperatorCost",
      dependencies: [
        "LockCounter",
        .product(name: "Streams", package: streams),
      ]
    ),
    // Counts pthread_mutex_lock calls by defining it in the executable; see the header.
    .target(name: "LockCounter"),
  ],
  swiftLanguageModes: [.v6]
)
