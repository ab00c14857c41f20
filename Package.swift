// swift-tools-version: 6.1
//
// Multiplex: one delegate slot, many observers.
//
// Products
// - `Multiplex`: the runtime. Depends on nothing outside the Swift toolchain.
// - `MultiplexMacros`: the `@Multiplexed` macro; re-exports `Multiplex`. The only product that depends on
//   swift-syntax: `swift build --product Multiplex` (and a client that only uses `Multiplex`) never builds it.
//
// Deployment floor: `Multiplex` uses `Synchronization.Atomic` for the per-registration "removed" flag that a
// dispatch on another thread reads without taking the lock, so Apple platforms need the OS releases that ship
// the `Synchronization` module (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2). Linux has no floor.
//
// Environment
// - `MULTIPLEX_OMIT_MACROS`: when set (to any value), the package leaves out the swift-syntax dependency, the
//   `MultiplexMacros` product, the `MultiplexMacrosPlugin` macro target, both macro test targets, and any other
//   target that depends on `MultiplexMacros`. CI uses it to run `swift test -c release` on the runtime without a
//   release build of swift-syntax (about 7.5 minutes on two cores); the macro's tests run in debug, where
//   swift-syntax builds in one to three minutes. A macro plugin is a build tool: the code it generates does not
//   depend on the configuration it was built in.

import CompilerPluginSupport
import PackageDescription

let omitMacros = Context.environment["MULTIPLEX_OMIT_MACROS"] != nil

let package = Package(
  name: "Multiplex",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // Static, not automatic: SwiftPM refuses `swift build --product` for an automatic library product and builds
    // every target instead (swift-syntax included), so `swift build --product Multiplex` needs an explicit type.
    .library(name: "Multiplex", type: .static, targets: ["Multiplex"])
  ],
  targets: [
    // Core Library
    .target(name: "Multiplex"),

    // Examples
    // The demo uses `@Multiplexed`: it is left out with the macro targets (see `MULTIPLEX_OMIT_MACROS`).
    .executableTarget(
      name: "multiplex-demo",
      dependencies: ["MultiplexMacros"],
      path: "Examples/multiplex-demo"
    ),

    // Tests
    // The model-based test's programs, reference model and harness, shared by the runtime and macro tests.
    .target(name: "MultiplexTestSupport", dependencies: ["Multiplex"], path: "Tests/MultiplexTestSupport"),
    .testTarget(name: "MultiplexTests", dependencies: ["Multiplex", "MultiplexTestSupport"]),
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
    .macro(
      name: "MultiplexMacrosPlugin",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
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
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    .testTarget(name: "MultiplexMacrosTests", dependencies: ["MultiplexMacros", "MultiplexTestSupport"]),
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

// Strictness applied to every target (a plugin target takes no build settings).
for target in package.targets where target.type != .plugin {
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
