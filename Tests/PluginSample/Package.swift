// swift-tools-version: 6.3
//
// A client package for Multiplex's generator plugins (see Scripts/check-plugin-sample.sh): it depends on Multiplex
// by path, declares a delegate protocol in a library target, and uses the multiplexers the `generate-multiplexer`
// command plugin writes for that protocol and for Foundation's XMLParserDelegate in one executable target
// (`GadgetApp`), and those the `MultiplexerGeneratorPlugin` build-tool plugin generates at build time from
// `multiplexers.json` in another (`GadgetMonitor`).

import PackageDescription

let package = Package(
  name: "PluginSample",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  dependencies: [
    .package(name: "Multiplex", path: "../..")
  ],
  targets: [
    // `GadgetBaseDelegate`, which `GadgetDelegate` refines: the plugin passes both targets' symbol graphs.
    .target(name: "GadgetBase"),
    // A C target, as swift-nio-ssl has: the plugin skips it (see `cxxLanguageStandard` below).
    .target(name: "CGadgetShims"),
    .target(name: "Gadgets", dependencies: ["GadgetBase", "CGadgetShims"]),
    .executableTarget(
      name: "GadgetApp",
      dependencies: ["Gadgets", .product(name: "Multiplex", package: "Multiplex")]
    ),
    // Toolchain protocols only: a build-tool plugin cannot read a module of the package graph (it may not be
    // built yet when the command runs).
    .executableTarget(
      name: "GadgetMonitor",
      dependencies: [.product(name: "Multiplex", package: "Multiplex")],
      plugins: [.plugin(name: "MultiplexerGeneratorPlugin", package: "Multiplex")]
    ),
  ],
  swiftLanguageModes: [.v6],
  // swift-nio-ssl sets it too: SwiftPM then passes `-std=c++17` when it extracts a C target's symbol graph,
  // which fails.
  cxxLanguageStandard: .cxx17
)
