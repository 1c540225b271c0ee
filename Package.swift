// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Streams",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "Streams", targets: ["Streams"]),
    .library(name: "StreamsTest", targets: ["StreamsTest"]),
  ],
  targets: [
    .target(name: "Streams"),
    .target(name: "StreamsTest", dependencies: ["Streams"]),
    .executableTarget(name: "Basics", dependencies: ["Streams", "StreamsTest"], path: "Playgrounds/Basics"),
    .testTarget(name: "StreamsTests", dependencies: ["Streams", "StreamsTest"]),
    .testTarget(name: "StreamsTestTests", dependencies: ["Streams", "StreamsTest"]),
    .testTarget(
      name: "StreamsSwift5Tests", dependencies: ["Streams"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ],
  swiftLanguageModes: [.v6]
)
