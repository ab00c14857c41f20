import SwiftDiagnostics
import SwiftSyntax

/// Every error `@Multiplexed` and its marker macros report, with the text the user reads.
///
/// Each message says what is wrong and what to do about it. The cases are documented, with their exact text, in
/// the "Using @Multiplexed" article; keep the two in sync.
enum MultiplexedDiagnostic: DiagnosticMessage {
  case notAProtocol(kind: String)
  case notClassBound(protocolName: String)
  case unsupportedInheritance(typeName: String)
  case protocolWhereClause
  case primaryAssociatedTypes
  case objcProtocol
  case associatedType(name: String)
  case staticMember
  case initializer
  case subscriptRequirement
  case conditionalCompilation
  case unsupportedMember(kind: String)
  case selfRequirement(name: String)
  case variadicParameter(name: String)
  case parameterPack(name: String)
  case rethrowsRequirement(name: String)
  case optionalRequirement(name: String)
  case nonisolatedInIsolatedProtocol(name: String, isolation: String)
  case missingDefault(name: String, type: String, isRequired: Bool)
  case defaultOnVoid(name: String)
  case duplicateMarker(marker: String)
  case nameCollision(name: String)
  case markerOutsideMultiplexed(marker: String)
  case markerNotOnRequirement(marker: String)

  var message: String {
    switch self {
    case .notAProtocol(let kind):
      return "'@Multiplexed' can only be attached to a protocol, not to \(kind); "
        + "write it on the delegate protocol whose calls should reach many observers"
    case .notClassBound(let protocolName):
      return "'@Multiplexed' protocol '\(protocolName)' must be class-bound, because the multiplexer holds its "
        + "observers weakly; add ': AnyObject'"
    case .unsupportedInheritance(let typeName):
      return "'@Multiplexed' cannot see the requirements '\(typeName)' adds, so the multiplexer could not forward "
        + "them; inherit only 'AnyObject' and 'Sendable', and declare the requirements in this protocol"
    case .protocolWhereClause:
      return "'@Multiplexed' does not support a 'where' clause on the protocol; the generated multiplexer is a "
        + "plain class that cannot meet it, so remove the clause"
    case .primaryAssociatedTypes:
      return "'@Multiplexed' does not support primary associated types: one multiplexer holds observers of "
        + "every conforming type, so the requirements must not depend on the conforming type; remove the clause"
    case .objcProtocol:
      return "'@Multiplexed' does not support '@objc' protocols; remove '@objc' (requirements become optional "
        + "through generated default implementations instead of 'optional')"
    case .associatedType(let name):
      return "'@Multiplexed' does not support associated type '\(name)': one multiplexer holds observers of "
        + "every conforming type, so the requirements must not depend on the conforming type; use a concrete "
        + "type or a generic parameter on the requirement instead"
    case .staticMember:
      return "'@Multiplexed' cannot forward a 'static' requirement: the multiplexer forwards calls made on an "
        + "instance to its observers; move it to another protocol or make it an instance requirement"
    case .initializer:
      return "'@Multiplexed' cannot forward an initializer: the multiplexer forwards calls to observers that "
        + "already exist; remove the initializer or move it to another protocol"
    case .subscriptRequirement:
      return "'@Multiplexed' does not forward subscripts; declare a method instead (for example "
        + "'func value(at index: Int) -> Value?')"
    case .conditionalCompilation:
      return "'@Multiplexed' does not support '#if' inside the protocol; declare the requirements "
        + "unconditionally, or declare one '@Multiplexed' protocol per configuration"
    case .unsupportedMember(let kind):
      return "'@Multiplexed' cannot forward \(kind); remove it from the protocol"
    case .selfRequirement(let name):
      return "'@Multiplexed' cannot forward '\(name)' because it mentions 'Self', which is a different type for "
        + "every observer; use a concrete type or 'any' existential instead"
    case .variadicParameter(let name):
      return "'@Multiplexed' cannot forward variadic parameter '\(name)' (Swift cannot pass an array on as "
        + "variadic arguments); take an array instead"
    case .parameterPack(let name):
      return "'@Multiplexed' cannot forward '\(name)' because it uses a parameter pack; "
        + "use ordinary generic parameters instead"
    case .rethrowsRequirement(let name):
      return "'@Multiplexed' cannot forward 'rethrows' requirement '\(name)': the multiplexer calls several "
        + "observers and reports the first error they throw; declare it 'throws'"
    case .optionalRequirement(let name):
      return "'@Multiplexed' does not support 'optional' requirement '\(name)'; remove 'optional' (every "
        + "requirement that returns 'Void' or an 'Optional' is optional for observers already)"
    case .nonisolatedInIsolatedProtocol(let name, let isolation):
      return "'@Multiplexed' cannot forward 'nonisolated' requirement '\(name)': the protocol is '\(isolation)', "
        + "and so are the multiplexer and its observers; remove 'nonisolated'"
    case .missingDefault(let name, let type, let isRequired):
      return "'\(name)' returns '\(type)', so the multiplexer needs the value to return when no observer "
        + "answers; add '@MultiplexedDefault(<value>)' to the requirement"
        + (isRequired ? "" : " (it also makes the requirement optional for observers)")
    case .defaultOnVoid(let name):
      return "'@MultiplexedDefault' has no effect on '\(name)', which returns nothing; remove it"
    case .duplicateMarker(let marker):
      return "'@\(marker)' is written more than once on this requirement; remove the extra one"
    case .nameCollision(let name):
      return "requirement '\(name)' has the name of a member that the generated multiplexer declares itself; "
        + "rename the requirement"
    case .markerOutsideMultiplexed(let marker):
      return "'@\(marker)' only has an effect on a requirement of a '@Multiplexed' protocol; "
        + "add '@Multiplexed' to the protocol or remove '@\(marker)'"
    case .markerNotOnRequirement(let marker):
      return "'@\(marker)' can only be written on a method or property requirement of a '@Multiplexed' protocol"
    }
  }

  var diagnosticID: MessageID {
    let id: String
    switch self {
    case .notAProtocol: id = "notAProtocol"
    case .notClassBound: id = "notClassBound"
    case .unsupportedInheritance: id = "unsupportedInheritance"
    case .protocolWhereClause: id = "protocolWhereClause"
    case .primaryAssociatedTypes: id = "primaryAssociatedTypes"
    case .objcProtocol: id = "objcProtocol"
    case .associatedType: id = "associatedType"
    case .staticMember: id = "staticMember"
    case .initializer: id = "initializer"
    case .subscriptRequirement: id = "subscriptRequirement"
    case .conditionalCompilation: id = "conditionalCompilation"
    case .unsupportedMember: id = "unsupportedMember"
    case .selfRequirement: id = "selfRequirement"
    case .variadicParameter: id = "variadicParameter"
    case .parameterPack: id = "parameterPack"
    case .rethrowsRequirement: id = "rethrowsRequirement"
    case .optionalRequirement: id = "optionalRequirement"
    case .nonisolatedInIsolatedProtocol: id = "nonisolatedInIsolatedProtocol"
    case .missingDefault: id = "missingDefault"
    case .defaultOnVoid: id = "defaultOnVoid"
    case .duplicateMarker: id = "duplicateMarker"
    case .nameCollision: id = "nameCollision"
    case .markerOutsideMultiplexed: id = "markerOutsideMultiplexed"
    case .markerNotOnRequirement: id = "markerNotOnRequirement"
    }
    return MessageID(domain: "MultiplexMacros", id: id)
  }

  var severity: DiagnosticSeverity { .error }
}

/// The fix-its offered with ``MultiplexedDiagnostic``.
enum MultiplexedFixIt: FixItMessage {
  case addAnyObject
  case remove(String)
  case insertDefault
  case replaceWithArray(String)
  case replaceRethrows

  var message: String {
    switch self {
    case .addAnyObject: return "Add ': AnyObject'"
    case .remove(let text): return "Remove '\(text)'"
    case .insertDefault: return "Insert '@MultiplexedDefault(<#value#>)'"
    case .replaceWithArray(let type): return "Replace with '[\(type)]'"
    case .replaceRethrows: return "Replace 'rethrows' with 'throws'"
    }
  }

  var fixItID: MessageID {
    let id: String
    switch self {
    case .addAnyObject: id = "addAnyObject"
    case .remove: id = "remove"
    case .insertDefault: id = "insertDefault"
    case .replaceWithArray: id = "replaceWithArray"
    case .replaceRethrows: id = "replaceRethrows"
    }
    return MessageID(domain: "MultiplexMacros", id: id)
  }
}

extension Diagnostic {
  /// An error of `@Multiplexed` on `node`, with an optional fix-it.
  init(_ message: MultiplexedDiagnostic, on node: some SyntaxProtocol, fixIt: FixIt? = nil) {
    self.init(node: Syntax(node), message: message, fixIts: fixIt.map { [$0] } ?? [])
  }
}
