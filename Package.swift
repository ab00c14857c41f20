// swift-tools-version: 6.1
//
// Multiplex: one delegate slot, many observers.
//
// Products
// - `Multiplex`: the runtime. Depends on nothing outside the Swift toolchain.
//
// Deployment floor: `Multiplex` uses `Synchronization.Atomic` for the per-registration "removed" flag that a
// dispatch on another thread reads without taking the lock, so Apple platforms need the OS releases that ship
// the `Synchronization` module (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2). Linux has no floor.

import PackageDescription

let package = Package(
  name: "Multiplex",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Multiplex", targets: ["Multiplex"])
  ],
  targets: [
    // Core Library
    .target(name: "Multiplex"),

    // Examples
    .executableTarget(
      name: "multiplex-demo",
      dependencies: ["Multiplex"],
      path: "Examples/multiplex-demo"
    ),

    // Tests
    .testTarget(name: "MultiplexTests", dependencies: ["Multiplex"]),
  ],
  swiftLanguageModes: [.v6]
)

// Strictness applied to every target.
for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(contentsOf: [
    // SE-0335: spell existential types with `any`.
    .enableUpcomingFeature("ExistentialAny"),
    // SE-0444: an import is visible only in the file that declares it.
    .enableUpcomingFeature("MemberImportVisibility"),
    // SE-0409: imports are internal unless marked `public`.
    .enableUpcomingFeature("InternalImportsByDefault"),
  ])
  target.swiftSettings = settings
}
