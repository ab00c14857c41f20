/// What both front ends read from a protocol's header, besides its refusals (``Refusals``).
extension ProtocolDeclaration {
  /// The protocol's access level as written (`public`, `package`, `fileprivate`, `private`), or `nil` for
  /// `internal`.
  package var access: String? {
    modifiers.last { ["public", "package", "fileprivate", "private"].contains($0) }
  }

  /// The protocol's `@available` attributes, which the generated code copies.
  package var availability: [Attribute] { attributes.filter { $0.name == "available" } }

  /// The protocol's global actor (`@MainActor`), or `nil`.
  package var isolation: Attribute? { attributes.last { $0.name != "available" && $0.isGlobalActor } }

  /// Whether the protocol inherits `Sendable`.
  package var isSendable: Bool {
    inheritedTypes.contains { if case .sendable = $0.role { true } else { false } }
  }

  /// The `@Multiplexed` protocols it refines, as `@Multiplexed` reads them (``InheritedType/Role/parent(_:)``).
  package var parents: [ParentProtocol] {
    inheritedTypes.compactMap { if case .parent(let parent) = $0.role { parent } else { nil } }
  }

  /// The names of the protocol's associated types.
  package var associatedTypeNames: Set<String> {
    Set(members.compactMap { if case .associatedType(let name) = $0.kind { name } else { nil } })
  }

  /// Whether `member` is no associated type but names one of the protocol's (as `Self.Item` too): what is refused
  /// in it follows from the associated type, which is refused itself (one error per root cause).
  package func dependsOnAssociatedType(_ member: MemberDeclaration) -> Bool {
    if case .associatedType = member.kind { return false }
    let names = associatedTypeNames
    guard !names.isEmpty, let tokens = TypeToken.tokenize(String(String.UnicodeScalarView(source[member.range])))
    else { return false }
    return tokens.contains { $0.kind == .identifier && names.contains($0.text) }
  }

  /// The type aliases the protocol declares, by name: the combining protocol qualifies them.
  package var typeAliases: [String: TypeAlias] {
    var aliases: [String: TypeAlias] = [:]
    for member in members {
      if case .typeAlias(let alias) = member.kind { aliases[alias.name] = alias }
    }
    return aliases
  }
}

extension ProtocolDeclaration.InheritedType {
  /// What an inherited type means to the generated code.
  package enum Role: Sendable {
    /// `AnyObject` (or `class`): the protocol is class-bound.
    case classBound
    case sendable
    /// Another protocol, which may be `@Multiplexed`: `@Multiplexed` forwards its requirements through what the
    /// parent's own expansion generated (see `Generator+Refinement`), which is class-bound.
    case parent(ParentProtocol)
    /// A protocol that cannot be `@Multiplexed` (``ParentProtocol/knownNonMultiplexedProtocols``), or a type that
    /// names no protocol the macro could forward through (with generic arguments).
    case other
  }

  package var role: Role {
    switch type.description {
    case "AnyObject", "Swift.AnyObject", "class": .classBound
    case "Sendable", "Swift.Sendable": .sendable
    default: ParentProtocol(inheriting: type).map(Role.parent) ?? .other
    }
  }
}

extension ParentProtocol {
  /// The parent a protocol inheriting `type` refines: a name without generic arguments, possibly qualified
  /// (`Outer.Base`), that is none of ``knownNonMultiplexedProtocols``; `nil` for any other type.
  init?(inheriting type: SwiftType) {
    switch type {
    case .named(let name, let arguments) where arguments.isEmpty && !Self.knownNonMultiplexedProtocols.contains(name):
      self.init(name: name, qualifier: "")
    case .member(let base, let name, let arguments)
    where arguments.isEmpty && !Self.knownNonMultiplexedProtocols.contains(name):
      self.init(name: name, qualifier: base.description + ".")
    default:
      return nil
    }
  }

  /// Protocols of the standard library and Foundation that a protocol may inherit but that are not `@Multiplexed`
  /// (so their requirements cannot be forwarded).
  package static let knownNonMultiplexedProtocols: Set<String> = [
    "NSObjectProtocol", "Equatable", "Hashable", "Comparable", "Identifiable", "CustomStringConvertible",
    "CustomDebugStringConvertible", "Error", "Actor", "Codable", "Encodable", "Decodable", "SendableMetatype",
  ]
}
