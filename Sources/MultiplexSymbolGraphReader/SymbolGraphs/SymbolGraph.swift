// The subset of the symbol-graph JSON format (format version 0.6) that the generator reads (read by
// `SymbolGraph+JSON.swift`). Unknown keys are ignored; a key that is present with the wrong type is an error.

/// One `*.symbols.json` file: a module's symbols (or the symbols one module adds to another) and the
/// relationships between them.
package struct SymbolGraph: Sendable {
  package var module: Module
  package var symbols: [Symbol]
  package var relationships: [Relationship]

  /// The module a symbol-graph file describes.
  package struct Module: Sendable {
    package var name: String
    /// The operating system the graph was extracted for (`module.platform.operatingSystem.name`: `ios`,
    /// `macosx`, `linux`…), or `nil` when the graph does not say.
    package var operatingSystem: String? = nil
    /// The environment the graph was extracted for (`module.platform.environment`: `macabi` for Mac Catalyst), or
    /// `nil` when the graph does not say.
    package var environment: String? = nil
    /// The target triple the graph was extracted for, from `module.platform` (`arm64-apple-ios13.0`,
    /// `arm64-apple-ios14.0-macabi`), or `nil` when the graph does not say its architecture, vendor and system: the
    /// target the graphs of the modules it needs are extracted for (a parent protocol's, a type's).
    package var targetTriple: String? = nil
  }
}

/// One declaration in a symbol graph.
package struct Symbol: Sendable {
  package var kind: Kind
  package var identifier: Identifier
  package var names: Names
  package var pathComponents: [String]
  package var declarationFragments: [DeclarationFragment]?
  package var accessLevel: String
  package var availability: [Availability]?
  package var location: Location?
  package var swiftExtension: SwiftExtension?

  /// The symbol's kind, e.g. `swift.protocol`, `swift.method`, `swift.property`.
  package struct Kind: Sendable {
    package var identifier: String
  }

  /// The symbol's unique identifier (a USR such as `s:13FoundationXML17XMLParserDelegateP`).
  package struct Identifier: Sendable {
    package var precise: String
  }

  /// The symbol's names; `title` is the name as written (`parser(_:foundCharacters:)`).
  package struct Names: Sendable {
    package var title: String
  }

  /// Where the symbol is declared (present when the graph was made from source, absent for a module loaded
  /// from a binary `.swiftmodule`).
  package struct Location: Sendable {
    package var uri: String
    package var position: Position

    /// A zero-based line and character.
    package struct Position: Sendable {
      package var line: Int
      package var character: Int
    }
  }

  /// The extension a member was declared in, with its generic constraints.
  package struct SwiftExtension: Sendable {
    package var extendedModule: String?
    package var constraints: [Constraint]?
  }

  /// A generic constraint such as `Self: NSObject` (`kind` is `conformance`, `superclass` or `sameType`).
  package struct Constraint: Sendable {
    package var kind: String
    package var lhs: String
    package var rhs: String
    package var rhsPrecise: String?
  }
}

/// One piece of a declaration as the compiler prints it: concatenated, the fragments are Swift source text.
package struct DeclarationFragment: Sendable {
  /// `keyword`, `attribute`, `text`, `identifier`, `typeIdentifier`, `genericParameter`, `externalParam`, ...
  package var kind: String
  package var spelling: String
  /// For a `typeIdentifier`, the USR of the type it names.
  package var preciseIdentifier: String?
}

/// An availability entry of a symbol: one platform (or `*` / absent for every platform).
package struct Availability: Sendable {
  package var domain: String?
  package var introduced: Version?
  package var deprecated: Version?
  package var obsoleted: Version?
  package var message: String?
  package var renamed: String?
  package var isUnconditionallyDeprecated: Bool?
  package var isUnconditionallyUnavailable: Bool?

  /// A version such as `13.0` or `10.15.4`.
  package struct Version: Sendable {
    package var major: Int
    package var minor: Int?
    package var patch: Int?
  }
}

/// A directed edge between two symbols.
package struct Relationship: Sendable {
  package var kind: String
  /// The USR of the symbol the edge starts at.
  package var source: String
  /// The USR of the symbol the edge points to (it may live in another module).
  package var target: String
  /// `Module.Name` of the target when the target is not in this graph.
  package var targetFallback: String?
}

extension Relationship {
  /// `A` is a (non-optional) requirement of protocol `B`.
  package static let requirementOf = "requirementOf"
  /// `A` is an `@objc optional` requirement of protocol `B`.
  package static let optionalRequirementOf = "optionalRequirementOf"
  /// `A`, declared in a protocol extension, implements requirement `B`.
  package static let defaultImplementationOf = "defaultImplementationOf"
  /// Type `A` conforms to protocol `B`; for a protocol, `B` is one of its (direct or indirect) parents.
  package static let conformsTo = "conformsTo"
  /// Class `A` inherits from class `B` (older graphs also used it between protocols).
  package static let inheritsFrom = "inheritsFrom"
  /// `A` is a member of type `B`.
  package static let memberOf = "memberOf"
  /// `A` overrides `B`: for protocols, requirement `A` of a refinement restates requirement `B` of a parent
  /// (`protocol Bar: Foo { func update(arg: Int) }`); both are one requirement to a conforming type.
  package static let overrides = "overrides"
}
