package import SwiftSyntax

/// Names and spellings shared by the macros and the generator.
package enum Naming {
  /// The macro that marks a requirement's default value.
  package static let defaultMarker = "MultiplexedDefault"
  /// The macro that keeps a requirement required for observers.
  package static let requiredMarker = "MultiplexedRequired"
  /// The macro that generates the default implementations of the combining protocol.
  package static let combiningMacro = "_MultiplexedCombining"
  /// The macro itself.
  package static let multiplexed = "Multiplexed"
  /// The runtime module, which generated expressions spell out (`Multiplex.Combiner`).
  package static let runtimeModule = "Multiplex"
  /// The modules generated code names types through (`Multiplex.Multiplexer`, `Swift.Bool`).
  package static let modules: Set<String> = [runtimeModule, "Swift"]

  /// The suffix of the protocol `@Multiplexed` generates for the multiplexers of refining protocols
  /// (`BaseMultiplexerForwarding`; see `Generator+Refinement`).
  package static let forwardingSuffix = "MultiplexerForwarding"

  /// `BaseMultiplexerForwarding` for `Base`.
  package static func forwardingName(of protocolName: String) -> String {
    protocolName + forwardingSuffix
  }

  /// `_asBase` for `Base`: the forwarding protocol's requirement that gives a refinement's observer as an observer
  /// of `Base` (see `Generator+Refinement`).
  package static func forwardingCast(of protocolName: String) -> String {
    "_as" + protocolName
  }

  /// The associated type of a root forwarding protocol: the observer type of the refining protocol's multiplexer.
  package static let forwardingObserver = "_Observer"

  /// The stored `Multiplexer` of the generated class.
  package static let storage = "_multiplexer"
  /// The stored combiner reference of the generated class.
  package static let combinerStorage = "_combiner"
  /// The stub that answers with a protocol's own default implementations (`multiplex-generate` only), as the
  /// generated class stores it and as its class is named.
  package static let defaultsStorage = "_defaults"
  package static let defaultsStubName = "_Defaults"

  /// Members the generated multiplexer declares itself; a requirement of the same name (with the same shape)
  /// would collide with them.
  package static let ownPropertyNames: Set<String> = [
    "count", "isEmpty", "observers", "combiner", "multiplexer", "asDelegate", storage, combinerStorage,
  ]

  /// Methods the generated multiplexer declares itself, by full name, each taking an observer first.
  package static let ownMethodNames: Set<String> = [
    "add(_:retention:priority:)", "remove(_:)", "removeAndWait(_:)", "contains(_:)",
  ]

  /// `base`, or `base1`, `base2`, … : the first that is not in `taken`.
  package static func fresh(_ base: String, avoiding taken: Set<String>) -> String {
    if !taken.contains(base) { return base }
    var index = 1
    while taken.contains(base + String(index)) { index += 1 }
    return base + String(index)
  }

  /// `ScrollViewDelegate` → `scrollViewDelegate`, `URLSessionDelegate` → `urlSessionDelegate`.
  package static func lowerCamelCase(_ name: String) -> String {
    let characters = Array(name)
    var upperPrefix = 0
    while upperPrefix < characters.count, characters[upperPrefix].isUppercase { upperPrefix += 1 }
    if upperPrefix == 0 { return name }
    if upperPrefix == characters.count { return name.lowercased() }
    // In `URLSession`, the `S` starts the next word: lowercase the acronym but keep `S`.
    let lowered = upperPrefix == 1 ? 1 : upperPrefix - 1
    return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
  }

  /// `viewForZooming` → `ViewForZooming`.
  package static func upperCamelCase(_ name: String) -> String {
    guard let first = name.first else { return name }
    return first.uppercased() + name.dropFirst()
  }

  /// The identifier without backticks: `` `default` `` → `default`.
  package static func bare(_ token: TokenSyntax) -> String {
    token.identifier?.name ?? token.text
  }

  /// An argument label as a call spells it: without backticks (Swift warns that a keyword "does not need to be
  /// escaped in argument list"), except `inout`, which does.
  package static func argumentLabel(_ label: String) -> String {
    guard label.count > 2, label.hasPrefix("`"), label.hasSuffix("`") else { return label }
    let bare = String(label.dropFirst().dropLast())
    return bare == "inout" ? label : bare
  }

  /// The attribute's name as written, without arguments: `@Multiplex.MultiplexedDefault(1)` → `MultiplexedDefault`.
  package static func attributeName(_ attribute: AttributeSyntax) -> String {
    let name = attribute.attributeName.trimmedDescription
    if let dot = name.lastIndex(of: ".") { return String(name[name.index(after: dot)...]) }
    return name
  }
}

extension Naming {
  /// A name without backticks: `` `default` `` → `default`.
  package static func bareName(_ name: String) -> String {
    guard name.count > 2, name.hasPrefix("`"), name.hasSuffix("`") else { return name }
    return String(name.dropFirst().dropLast())
  }
}
