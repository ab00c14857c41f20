// swift-tools-version: 6.1
//
// Benchmarks for Multiplex, in their own package so that the library itself stays dependency-free.
//
//   swift package --package-path Benchmarks benchmark                        # package-benchmark suite
//   swift run -c release --package-path Benchmarks multiplex-compare         # interleaved comparison table
//   swift run -c release --package-path Benchmarks multiplex-compare --help  # callgrind mode and filters
//
// Targets
// - `MultiplexWorkloads`: the protocols and their multiplexers, the observers, every system compared (Multiplex
//   and its baselines) and every workload. Shared by the two executables below. The multiplexers are
//   `@Multiplexed`'s expansions of `MacroInputs/*.swift`, checked in under `Sources/MultiplexWorkloads/Expanded`
//   (the main package's `BenchmarkExpansionTests` fails when one is stale), so that a release build compiles no
//   swift-syntax: the package depends only on the `Multiplex` runtime.
// - `MultiplexBenchmarks`: the package-benchmark suite (wall clock and malloc counts per workload).
// - `multiplex-compare`: runs the systems of each workload interleaved, round after round, and prints each
//   one's time per observer call as a ratio to the relevant floor, plus mallocs per dispatch; `--callgrind`
//   counts instructions with valgrind instead.
//
// package-benchmark: only the `MallocInterposer` trait (its retain/release interposer crashes on Swift 6.3 for
// Linux), and no `.instructions` metric (no performance counters here): `multiplex-compare --callgrind` gives
// repeatable instruction counts instead.

import PackageDescription

let package = Package(
  name: "MultiplexBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    // Named: a path dependency's identity is otherwise its folder's name, which differs between clones.
    .package(name: "Multiplex", path: ".."),
    .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .target(
      name: "MultiplexWorkloads",
      dependencies: [
        .product(name: "Multiplex", package: "Multiplex"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    .executableTarget(
      name: "multiplex-compare",
      dependencies: [
        "MultiplexWorkloads",
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
      ]
    ),
    .executableTarget(
      name: "MultiplexBenchmarks",
      dependencies: [
        "MultiplexWorkloads",
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/MultiplexBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
