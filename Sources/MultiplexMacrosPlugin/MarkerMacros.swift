import MultiplexModel
import MultiplexSyntaxReader
import SwiftDiagnostics
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@MultiplexedDefault(value)`, `@MultiplexedRequired`, `@MultiplexedDecidedOnce`, `@MultiplexedEveryObserver` and
/// `@MultiplexedCombine(_:)`: markers that `@Multiplexed` reads on requirements.
///
/// They generate nothing themselves. Their expansion only checks that they are written where they have an
/// effect, on a method, property or subscript requirement of a `@Multiplexed` protocol; everything else about them (a
/// default on a `Void` requirement, a marker written twice) is checked by `@Multiplexed`, which sees the whole
/// protocol.
enum MarkerMacro {
  static func check(
    _ node: AttributeSyntax,
    marker: String,
    declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) {
    guard
      declaration.is(FunctionDeclSyntax.self) || declaration.is(VariableDeclSyntax.self)
        || declaration.is(SubscriptDeclSyntax.self)
    else {
      context.diagnose(Diagnostic(.markerNotOnRequirement(marker: marker), on: node))
      return
    }
    // `@MultiplexedCombine` is also written by `@Multiplexed` on the generated combining protocol, for
    // `@_MultiplexedCombining`.
    let hosts = marker == Naming.combineMarker ? [Naming.multiplexed, Naming.combiningMacro] : [Naming.multiplexed]
    let isInMultiplexedProtocol =
      context.lexicalContext.first?.as(ProtocolDeclSyntax.self)?.attributes.contains { element in
        guard case .attribute(let attribute) = element else { return false }
        return hosts.contains(Naming.attributeName(attribute))
      } ?? false
    if !isInMultiplexedProtocol {
      context.diagnose(
        Diagnostic(
          .markerOutsideMultiplexed(marker: marker),
          on: node,
          fixIt: .removal(of: node.located(in: declaration), message: .remove("@\(marker)"))
        )
      )
    }
  }
}

/// `@MultiplexedDefault(value)`.
public enum MultiplexedDefaultMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    MarkerMacro.check(node, marker: Naming.defaultMarker, declaration: declaration, in: context)
    return []
  }
}

/// `@MultiplexedRequired`.
public enum MultiplexedRequiredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    MarkerMacro.check(node, marker: Naming.requiredMarker, declaration: declaration, in: context)
    return []
  }
}

/// `@MultiplexedDecidedOnce`.
public enum MultiplexedDecidedOnceMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    MarkerMacro.check(node, marker: Naming.decidedOnceMarker, declaration: declaration, in: context)
    return []
  }
}

/// `@MultiplexedEveryObserver`.
public enum MultiplexedEveryObserverMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    MarkerMacro.check(node, marker: Naming.everyObserverMarker, declaration: declaration, in: context)
    return []
  }
}

/// `@MultiplexedCombine(.anyTrue)`.
public enum MultiplexedCombineMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    MarkerMacro.check(node, marker: Naming.combineMarker, declaration: declaration, in: context)
    return []
  }
}

/// `@_MultiplexedCombining`: the default implementations of a generated combining protocol.
///
/// `@Multiplexed` cannot extend the combining protocol it generates (an extension macro only extends the type it
/// is attached to), so it attaches this macro to the generated protocol. Every requirement of a combining
/// protocol has the same shape, `(_ multiplexer:, <label> responses: inout Responses, default defaultValue:)`,
/// and its default implementation applies the default policy: the first response's value, or the default (see
/// `CombiningDefaults`).
public enum MultiplexedCombiningMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let proto = declaration.as(ProtocolDeclSyntax.self),
      let defaults = CombiningDefaults.extensionDecl(of: proto, extending: type)
    else { return [] }
    return [defaults]
  }
}
