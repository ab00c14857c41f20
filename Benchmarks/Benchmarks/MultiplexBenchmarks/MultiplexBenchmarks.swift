// The package-benchmark suite: every workload of `MultiplexWorkloads`, each system at each size, with wall-clock
// time and malloc counts. Names read `workload/N=size/system`, so `--filter 'void/N=8/.*'` selects one table.
//
//   swift package --package-path Benchmarks benchmark
//   swift package --package-path Benchmarks benchmark --filter 'void/.*' --metric wallClock --metric mallocCountTotal
//
// For the side-by-side comparison with ratios to the floors, use `multiplex-compare` instead (see Package.swift):
// package-benchmark runs one benchmark after another, so on a busy machine their times are not comparable.

import Benchmark
import MultiplexWorkloads

/// Builds a system the first time its benchmark runs and keeps it for the following iterations.
final class LazySystem: @unchecked Sendable {
  // Only the benchmark runner's thread touches it, one benchmark at a time.
  private let make: @Sendable () -> any System
  private var system: (any System)?

  init(_ make: @escaping @Sendable () -> any System) {
    self.make = make
  }

  var value: any System {
    if let system { return system }
    let made = make()
    system = made
    return made
  }
}

let benchmarks: @Sendable () -> Void = {
  for workload in allWorkloads {
    // Dispatch and churn workloads: 1,000 dispatches (or adds and removes) per measured iteration, reported per
    // dispatch. Contention iterations are long enough on their own.
    let perIteration: Int
    let scalingFactor: BenchmarkScalingFactor
    switch workload.name {
    case "contention":
      perIteration = 1_000
      scalingFactor = .one
    default:
      perIteration = 1_000
      scalingFactor = .kilo
    }
    for size in workload.sizes {
      for contender in workload.contenders {
        let system = LazySystem { contender.make(size) }
        Benchmark(
          "\(workload.name)/N=\(size)/\(contender.name)",
          configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            warmupIterations: 1,
            scalingFactor: scalingFactor,
            maxDuration: .milliseconds(300),
            maxIterations: 1_000
          )
        ) { benchmark in
          let instance = system.value
          benchmark.startMeasurement()
          blackHole(instance.run(perIteration))
          benchmark.stopMeasurement()
        }
      }
    }
  }
}
