// swift-tools-version: 6.0
import PackageDescription

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
        .product(name: "Streams", package: "main"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    // Counts malloc calls by defining malloc & co. in the executable (glibc lets a program replace
    // its allocator); see the header.
    .target(name: "AllocationCounter"),
  ],
  swiftLanguageModes: [.v6]
)
