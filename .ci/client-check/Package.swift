// swift-tools-version: 6.3
//
// A client of Multiplex that depends only on the `Multiplex` product, as most users will. `.ci/run` builds and runs
// it, then fails if anything of swift-syntax was built: the promise that a user who does not want the macro never
// compiles swift-syntax, checked the way users meet it.

import PackageDescription

let package = Package(
  name: "MultiplexClientCheck",
  dependencies: [
    // Named: a path dependency's identity is otherwise its folder's name, which differs between clones.
    .package(name: "Multiplex", path: "../..")
  ],
  targets: [
    .executableTarget(name: "Client", dependencies: [.product(name: "Multiplex", package: "Multiplex")])
  ],
  swiftLanguageModes: [.v6]
)
