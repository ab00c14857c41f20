// swift-tools-version: 6.3
//
// Multiplex: one delegate slot, many observers.
//
// The tools version is the oldest toolchain CI builds and tests Multiplex with (`.ci/run` prints it): an older
// SwiftPM stops at this line with one clear error instead of compile errors deep in the sources (the runtime uses
// `weak let`, SE-0481, first in Swift 6.3).
//
// Products (all library products have the automatic type)
// - `Multiplex`: the runtime. Depends on nothing outside the Swift toolchain (`_MultiplexShims` is a C target of
//   this package). A client that depends only on this product never builds swift-syntax (`.ci/client-check`
//   proves it).
// - `MultiplexMacros`: the `@Multiplexed` macro; re-exports `Multiplex`. It and the generator are the only
//   products that depend on swift-syntax.
//
// Deployment floor: Swift concurrency's back-deployment floor, iOS 13, macOS 10.15, tvOS 13, watchOS 6,
// visionOS 1. The runtime uses no `Mutex` or `Atomic` (iOS 18): its lock (`os_unfair_lock` on Apple platforms) and
// its few atomics (C11 builtins, in `_MultiplexShims`) live in `Sources/Multiplex/Internal`. The Performance and
// Requirements sections of the README list what else forces a newer runtime, and why nothing in the runtime does.
//
// Environment
// - `MULTIPLEX_OMIT_MACROS`: when set (to any value), the package leaves out the swift-syntax dependency, the
//   `MultiplexMacros` product, the `MultiplexMacrosPlugin` macro target and the `MultiplexGeneratorCore` library it
//   shares with the `multiplex-generate` tool, the macro and generator test targets, and any other target that
//   depends on `MultiplexMacros`. CI uses it to run `swift test -c release` on the runtime without a
//   release build of swift-syntax (about 7.5 minutes on two cores); the macro's tests run in debug, where
//   swift-syntax builds in one to three minutes. A macro plugin is a build tool: the code it generates does not
//   depend on the configuration it was built in.

import CompilerPluginSupport
import PackageDescription

let omitMacros = Context.environment["MULTIPLEX_OMIT_MACROS"] != nil

let package = Package(
  name: "Multiplex",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "Multiplex", targets: ["Multiplex"])
  ],
  targets: [
    // Core Library
    .target(name: "Multiplex", dependencies: ["_MultiplexShims"]),
    // The runtime's atomics (C11 builtins, `static inline`): an implementation detail, not a product.
    .target(name: "_MultiplexShims"),

    // Examples
    // The demo uses `@Multiplexed`: it is left out with the macro targets (see `MULTIPLEX_OMIT_MACROS`). It
    // imports `Multiplex` too, in the file `multiplex-generate` wrote (`Generated/`).
    .executableTarget(
      name: "multiplex-demo",
      dependencies: ["Multiplex", "MultiplexMacros"],
      path: "Examples/multiplex-demo"
    ),

    // Tests
    // The model-based test's programs, reference model and harness, shared by the runtime and macro tests.
    .target(name: "MultiplexTestSupport", dependencies: ["Multiplex"], path: "Tests/MultiplexTestSupport"),
    .testTarget(name: "MultiplexTests", dependencies: ["Multiplex", "MultiplexTestSupport"]),
    // Consumer tests of `multiplex-generate`'s output: the files in `Tests/MultiplexGeneratedTests/Generated`
    // (checked in, regenerated from `MultiplexGeneratorCoreTests`; see there) driving real senders, `XMLParser` and
    // `URLSession` against a loopback server, and a protocol of another module (`MultiplexGeneratorFixtures`).
    // Like a client's package, they depend only on `Multiplex`, so they stay when `MULTIPLEX_OMIT_MACROS` is set.
    .target(name: "MultiplexGeneratorFixtures", path: "Tests/MultiplexGeneratorFixtures"),
    .testTarget(name: "MultiplexGeneratedTests", dependencies: ["Multiplex", "MultiplexGeneratorFixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

// Macros (left out when `MULTIPLEX_OMIT_MACROS` is set; see the top of this file)
if !omitMacros {
  // A range, not a pin: clients resolve whichever swift-syntax their other macros need, and SwiftPM can use a
  // prebuilt swift-syntax when one matches. 600 is the first release with `SwiftSyntaxMacrosGenericTestSupport`
  // and `MacroExpansionContext.lexicalContext`.
  package.dependencies.append(
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0")
  )
  package.products.append(contentsOf: [
    .library(name: "MultiplexMacros", targets: ["MultiplexMacros"]),
    .executable(name: "multiplex-generate", targets: ["multiplex-generate"]),
    .plugin(name: "GenerateMultiplexer", targets: ["GenerateMultiplexer"]),
  ])
  package.targets.append(contentsOf: [
    // Core Library
    .target(
      name: "MultiplexMacros",
      dependencies: ["Multiplex", "MultiplexMacrosPlugin"]
    ),
    .target(
      name: "MultiplexGeneratorCore",
      dependencies: [
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
      ]
    ),
    .macro(
      name: "MultiplexMacrosPlugin",
      dependencies: [
        "MultiplexGeneratorCore",
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),

    // Generator front ends: the CLI and the command plugin that runs it (see DESIGN.md §5).
    .executableTarget(
      name: "multiplex-generate",
      dependencies: ["MultiplexGeneratorCore"]
    ),
    .plugin(
      name: "GenerateMultiplexer",
      capability: .command(
        intent: .custom(
          verb: "generate-multiplexer",
          description: "Writes a multiplexer for a class-bound protocol declared in another module"
        ),
        permissions: [
          .writeToPackageDirectory(reason: "Writes the generated multiplexer to the file given by --output")
        ]
      ),
      dependencies: ["multiplex-generate"]
    ),

    // Tests
    .testTarget(
      name: "MultiplexGeneratorTests",
      dependencies: [
        "MultiplexGeneratorCore",
        "multiplex-generate",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "MultiplexMacrosPluginTests",
      dependencies: [
        "MultiplexMacrosPlugin",
        // The generator's entry point, for the tests that compare its diagnostics with the macro's.
        "MultiplexGeneratorCore",
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    .testTarget(name: "MultiplexMacrosTests", dependencies: ["MultiplexMacros", "MultiplexTestSupport"]),
    // Golden files: `Golden/*.swift.golden`, regenerated with `MULTIPLEX_REGENERATE_GOLDEN=1 swift test --filter
    // MultiplexGeneratorCoreTests` (review the diff).
    .testTarget(name: "MultiplexGeneratorCoreTests", dependencies: ["MultiplexGeneratorCore"], exclude: ["Golden"]),
  ])
}

if omitMacros {
  // Targets that use the macro (the demo) go too.
  package.targets.removeAll { target in
    target.dependencies.contains { dependency in
      switch dependency {
      case .byNameItem(name: "MultiplexMacros", _), .targetItem(name: "MultiplexMacros", _): return true
      default: return false
      }
    }
  }
}

// Strictness applied to every Swift target (a plugin target takes no build settings; `_MultiplexShims` is C).
for target in package.targets where target.type != .plugin && target.name != "_MultiplexShims" {
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
