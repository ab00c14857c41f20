/// Every error `@Multiplexed`, its marker macros and `multiplex-generate` report, with the text the user reads.
///
/// Each message says what is wrong and what to do about it. The macro's cases are documented, with their exact
/// text, in the "Using @Multiplexed" article; keep the two in sync. The `external…` cases are
/// `multiplex-generate`'s own (a protocol of another module).
///
/// Each front end words them for itself (``message(for:)``): the macro's name `'@Multiplexed'`, the generator's
/// `multiplex-generate`. The macro's reader makes it a `DiagnosticMessage` (in `MultiplexSyntaxReader`).
package enum MultiplexedDiagnostic: Sendable {
  case notAProtocol(kind: String)
  case notClassBound(protocolName: String)
  case unsupportedInheritance(typeName: String)
  case protocolWhereClause
  case primaryAssociatedTypes
  case objcProtocol
  case associatedType(name: String)
  case staticMember
  case initializer
  case conditionalCompilation
  case unsupportedMember(kind: String)
  case selfRequirement(name: String)
  case variadicParameter(name: String)
  case rethrowsRequirement(name: String)
  case optionalRequirement(name: String)
  case nonisolatedInIsolatedProtocol(name: String, isolation: String)
  case otherGlobalActor(name: String, actor: String, isolation: String)
  case missingDefault(name: String, type: String, isRequired: Bool)
  case defaultOnVoid(name: String)
  case duplicateMarker(marker: String)
  case nameCollision(name: String)
  case markerOutsideMultiplexed(marker: String)
  case markerNotOnRequirement(marker: String)
  case duplicateMultiplexed
  case privateNestedProtocol(protocolName: String)
  case defaultArgument(parameter: String, name: String)
  case invalidModifier(name: String, modifier: String)
  /// A `mutating` method or getter of another module's protocol that is not class-bound (reported per requirement
  /// by the model's refusals; the generator joins them into
  /// ``externalMutatingRequirements(protocolName:declaringProtocol:names:)``).
  case externalMutatingMethod(protocolName: String, name: String)
  /// Every `mutating` method or getter of another module's protocol, in one line; `declaringProtocol` names the
  /// parent that declares them when it is not `protocolName` (a class-bound protocol inherits them).
  case externalMutatingRequirements(protocolName: String, declaringProtocol: String?, names: [String])
  case ownershipModifier(name: String, modifier: String)
  case objcRequirement(name: String)
  case unavailableRequirement(name: String)
  case opaqueType(name: String, type: String)
  case consumingParameter(name: String)
  case sendingParameter(name: String)
  case sendingResult(name: String)
  case neverResult(name: String)
  case nonGenericParameter(name: String, parameter: String, type: String)
  case genericParameterHidesModule(name: String, parameter: String)
  case typeHidesModule(typeName: String)
  case letProperty(name: String, replacement: String)
  case propertyWithoutAccessors(name: String)
  case externalMemberCount(declared: Int, described: Int)
  case externalMissingDefaults(protocolName: String, names: [String], types: [String])
  case externalNoProtocol
  case externalObjCMissingDefaults(protocolName: String, names: [String], types: [String])
  case externalObjCOptionalMember(name: String)
  case externalUnknownDefault(name: String)
  case externalAmbiguousDefault(name: String, candidates: [String])
  case externalDefaultNotExpression(name: String, text: String)
  case decisionNotApplicable(spelling: String, name: String, reason: String)
  case conflictingDecisionMarkers(name: String)
  case decidedOnceAndCombined(decision: String, combining: String, name: String)
  case combineNotApplicable(spelling: String, name: String, result: String, valid: [String])
  case unknownCombiner(given: String)
  case externalUnknownRequirement(flag: String, name: String)
  case externalAssociatedTypes(protocolName: String, names: [String])

  /// The message as the macro words it.
  package var message: String { message(for: .macro) }

  /// Who reports a diagnostic: the messages name it (`'@Multiplexed' cannot forward…`, `multiplex-generate cannot
  /// forward…`).
  package enum FrontEnd: Sendable {
    case macro
    case generator

    /// How a message names the front end.
    package var name: String {
      switch self {
      case .macro: return "'@\(Naming.multiplexed)'"
      case .generator: return "multiplex-generate"
      }
    }
  }

  /// The message as `frontEnd` words it.
  package func message(for frontEnd: FrontEnd) -> String {
    let tool = frontEnd.name
    switch self {
    case .notAProtocol(let kind):
      return "\(tool) can only be attached to a protocol, not to \(kind); "
        + "write it on the delegate protocol whose calls should reach many observers"
    case .notClassBound(let protocolName):
      return "\(tool) protocol '\(protocolName)' must be class-bound, because the multiplexer holds its "
        + "observers weakly; add ': AnyObject'"
    case .unsupportedInheritance(let typeName):
      return "\(tool) cannot see the requirements '\(typeName)' adds, so the multiplexer could not forward "
        + "them; inherit only 'AnyObject', 'Sendable' and '@Multiplexed' protocols, and declare the requirements in "
        + "this protocol"
    case .protocolWhereClause:
      return "\(tool) does not support a 'where' clause on the protocol; the generated multiplexer is a "
        + "plain class that cannot meet it, so remove the clause"
    case .primaryAssociatedTypes:
      return "\(tool) does not support primary associated types: one multiplexer holds observers of "
        + "every conforming type, so the requirements must not depend on the conforming type; remove the clause"
    case .objcProtocol:
      return "\(tool) does not support '@objc' protocols; remove '@objc' (requirements become optional "
        + "through generated default implementations instead of 'optional')"
    case .associatedType(let name):
      return "\(tool) does not support associated type '\(name)': one multiplexer holds observers of "
        + "every conforming type, so the requirements must not depend on the conforming type; use a concrete "
        + "type or a generic parameter on the requirement instead"
    case .staticMember:
      return "\(tool) cannot forward a 'static' requirement: the multiplexer forwards calls made on an "
        + "instance to its observers; move it to another protocol or make it an instance requirement"
    case .initializer:
      return "\(tool) cannot forward an initializer: the multiplexer forwards calls to observers that "
        + "already exist; remove the initializer or move it to another protocol"
    case .conditionalCompilation:
      return "\(tool) does not support '#if' inside the protocol; declare the requirements "
        + "unconditionally, or declare one '@Multiplexed' protocol per configuration"
    case .unsupportedMember(let kind):
      return "\(tool) cannot forward \(kind); remove it from the protocol"
    case .selfRequirement(let name):
      return "\(tool) cannot forward '\(name)' because it mentions 'Self', which is a different type for "
        + "every observer; use a concrete type or 'any' existential instead"
    case .variadicParameter(let name):
      return "\(tool) cannot forward variadic parameter '\(name)' (Swift cannot pass an array on as "
        + "variadic arguments); take an array instead"
    case .rethrowsRequirement(let name):
      return "\(tool) cannot forward 'rethrows' requirement '\(name)': the multiplexer calls several "
        + "observers and reports the first error they throw; declare it 'throws'"
    case .optionalRequirement(let name):
      return "\(tool) does not support 'optional' requirement '\(name)'; remove 'optional' (every "
        + "requirement that returns 'Void' or an 'Optional' is optional for observers already)"
    case .nonisolatedInIsolatedProtocol(let name, let isolation):
      return "\(tool) cannot forward 'nonisolated' requirement '\(name)': the protocol is '\(isolation)', "
        + "and so are the multiplexer and its observers; remove 'nonisolated'"
    case .otherGlobalActor(let name, let actor, let isolation):
      return "\(tool) cannot forward '\(actor)' requirement '\(name)': the protocol is '\(isolation)', and so "
        + "are the multiplexer and its observers; remove '\(actor)'"
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
      return "'@\(marker)' can only be written on a method, property or subscript requirement of a '@Multiplexed' "
        + "protocol"
    case .duplicateMultiplexed:
      return "'@Multiplexed' is written more than once on this protocol; remove the extra one"
    case .privateNestedProtocol(let protocolName):
      return "\(tool) cannot extend 'private' protocol '\(protocolName)' nested in a type: the default "
        + "implementations go in an extension at file scope, which cannot see it; make it 'fileprivate'"
    case .defaultArgument(let parameter, let name):
      return "\(tool) cannot forward the default argument of '\(parameter)' in '\(name)': Swift does not "
        + "allow default arguments in a protocol requirement; remove it (an overload in an extension of the "
        + "protocol can supply the default)"
    case .invalidModifier(let name, let modifier):
      return "\(tool) cannot forward '\(name)': Swift does not allow '\(modifier)' in a class-bound protocol; "
        + "remove it"
    case .externalMutatingMethod(let protocolName, let name):
      return MultiplexedDiagnostic.externalMutatingRequirements(
        protocolName: protocolName,
        declaringProtocol: nil,
        names: [name]
      )
      .message(for: frontEnd)
    case .externalMutatingRequirements(let protocolName, let declaringProtocol, let names):
      let list = names.map { "'\($0)'" }.joined(separator: ", ")
      let requirements = names.count == 1 ? "requirement \(list)" : "requirements \(list)"
      var owner = "of '\(protocolName)', which is not class-bound"
      if let declaringProtocol, declaringProtocol != protocolName {
        owner = "of '\(protocolName)', declared by '\(declaringProtocol)', which is not class-bound"
      }
      return "\(tool) cannot forward 'mutating' \(requirements) \(owner): it "
        + "forwards a 'mutating' setter (through a variable holding each observer, an object), not a 'mutating' "
        + "method or getter. Instead, declare a class-bound protocol of your own with the same requirements, "
        + "without 'mutating' (mark it @Multiplexed), and a small class conforming to '\(protocolName)' that "
        + "forwards each call to that protocol's multiplexer"
    case .ownershipModifier(let name, let modifier):
      return "\(tool) cannot forward '\(modifier)' property '\(name)': Swift does not allow '\(modifier)' on "
        + "a protocol property; remove it (each observer decides how it stores the value)"
    case .objcRequirement(let name):
      return "\(tool) does not support '@objc' requirement '\(name)'; remove '@objc' (the protocol is not "
        + "'@objc', and the multiplexer needs no Objective-C runtime)"
    case .unavailableRequirement(let name):
      return "\(tool) cannot forward unavailable requirement '\(name)': the multiplexer must implement every "
        + "requirement, and Swift only allows unavailable requirements in '@objc' protocols; remove the "
        + "requirement, or deprecate it instead"
    case .opaqueType(let name, let type):
      return "\(tool) cannot forward '\(name)' of opaque type '\(type)': Swift does not allow an opaque "
        + "result type in a protocol requirement; use an 'any' existential or a generic parameter instead"
    case .consumingParameter(let name):
      return "\(tool) cannot forward 'consuming' parameter '\(name)': every observer would take ownership of "
        + "the same value, which a noncopyable value cannot give; declare it 'borrowing'"
    case .sendingParameter(let name):
      return "\(tool) cannot forward 'sending' parameter '\(name)': every observer receives the same value, "
        + "so it cannot be sent to each of them; remove 'sending' (a 'Sendable' type needs none)"
    case .sendingResult(let name):
      return "\(tool) cannot forward '\(name)', which returns a 'sending' value: the multiplexer returns an "
        + "observer's answer and cannot prove that nothing else refers to it; remove 'sending' (a 'Sendable' type "
        + "needs none)"
    case .neverResult(let name):
      return "\(tool) cannot forward '\(name)', which returns 'Never': the multiplexer calls every observer "
        + "and returns when none stops the program; return 'Void' instead"
    case .nonGenericParameter(let name, let parameter, let type):
      return "\(tool) cannot forward '\(name)': '\(parameter) == \(type)' makes generic parameter "
        + "'\(parameter)' non-generic, which Swift rejects; use '\(type)' instead of '\(parameter)'"
    case .genericParameterHidesModule(let name, let parameter):
      return "\(tool) cannot forward '\(name)': its generic parameter '\(parameter)' hides the module "
        + "'\(parameter)', which the generated code names; rename the generic parameter"
    case .typeHidesModule(let typeName):
      return "\(tool) cannot generate code in '\(typeName)': the name hides the module '\(typeName)', "
        + "which the generated code names; rename the type"
    case .letProperty(let name, let replacement):
      return "\(tool) cannot forward 'let' property '\(name)': a protocol declares properties with 'var' "
        + "and their accessors; write '\(replacement)'"
    case .propertyWithoutAccessors(let name):
      return "\(tool) cannot forward property '\(name)' without accessors: a protocol property declares "
        + "'{ get }' or '{ get set }'; add them"
    case .externalMemberCount(let declared, let described):
      return "the protocol declaration has \(declared) members but \(described) member descriptions were given; "
        + "describe each member of the declaration, in order"
    case .externalMissingDefaults(let protocolName, let names, let types):
      return "cannot forward \(Self.requirementList(names, types)) of '\(protocolName)': "
        + (names.count == 1 ? "it returns" : "they return")
        + " a value, so the multiplexer needs one to return when no observer is registered, and the protocol has "
        + "no default implementation to ask, no 'nil' to return and no documented default; give "
        + (names.count == 1 ? "it" : "each") + " with " + Self.defaultFlags(names, types)
    case .externalNoProtocol:
      return "the source holds no protocol declaration; give one 'protocol' declaration in Swift syntax"
    case .externalObjCMissingDefaults(let protocolName, let names, let types):
      return "cannot forward \(Self.requirementList(names, types)) of '\(protocolName)': "
        + (names.count == 1 ? "it returns" : "they return")
        + " a value, so the multiplexer needs the answer the sender uses when its delegate does not implement "
        + (names.count == 1 ? "it" : "one")
        + " (an observer left since the sender asked), and the generator knows no documented default; give "
        + (names.count == 1 ? "it" : "each") + " with " + Self.defaultFlags(names, types)
    case .externalObjCOptionalMember(let name):
      return "cannot forward optional property or subscript '\(name)' of an '@objc' protocol: only optional methods "
        + "are supported; leave the protocol out, or write its multiplexer by hand"
    case .externalUnknownDefault(let name):
      return "a default value was given for '\(name)', which is no requirement of the protocol that returns a "
        + "value; name a requirement as 'method(label:label:)', 'property' or 'subscript(label:)'"
    case .externalAmbiguousDefault(let name, let candidates):
      return "a default value was given for '\(name)', which names \(candidates.count) requirements returning "
        + "different types; name each with its types: " + candidates.map { "'\($0)'" }.joined(separator: ", ")
    case .externalDefaultNotExpression(let name, let text):
      return "the default value of '\(name)', '\(text)', is not one Swift expression"
    case .decisionNotApplicable(let spelling, let name, let reason):
      return "\(spelling) cannot apply to '\(name)', \(reason): only a method that returns nothing and is not "
        + "'async' can go to exactly one observer; remove \(spelling)"
    case .conflictingDecisionMarkers(let name):
      return "'@\(Naming.decidedOnceMarker)' and '@\(Naming.everyObserverMarker)' contradict each other on '\(name)'; "
        + "keep one"
    case .decidedOnceAndCombined(let decision, let combining, let name):
      return "\(decision) and \(combining) contradict each other on '\(name)': one observer answers, or every "
        + "observer does and their answers are combined; keep one"
    case .combineNotApplicable(let spelling, let name, let result, let valid):
      guard !valid.isEmpty else {
        return "\(spelling) cannot combine the answers of '\(name)', which \(result); remove \(spelling)"
      }
      if result.hasPrefix("answers its handler") {
        return "\(spelling) cannot join the handlers of '\(name)', which \(result) (join needs a handler without "
          + "an answer, anyTrue and allTrue a 'Bool', firstNonNil an 'Optional', union an option set, order(…) an "
          + "enum); choose one of " + valid.joined(separator: ", ")
      }
      return "\(spelling) cannot combine the answers of '\(name)', which \(result) (anyTrue and allTrue need 'Bool', "
        + "firstNonNil an 'Optional'); choose one of " + valid.joined(separator: ", ")
    case .unknownCombiner(let given):
      return
        "'\(given)' names no combiner; use one of .\(CombiningPolicy.allCases.map(\.rawValue).joined(separator: ", ."))"
        + " (an order names its values: .order(Result.newData, .failed, .noData))"
    case .externalUnknownRequirement(let flag, let name):
      return "\(flag) names '\(name)', which is no requirement of the protocol; name a requirement as "
        + "'method(label:label:)', 'subscript(label:)' or a property by its name"
    case .externalAssociatedTypes(let protocolName, let names):
      let list = names.map { "'\($0)'" }.joined(separator: ", ")
      let types = names.count == 1 ? "associated type \(list)" : "associated types \(list)"
      return "protocol '\(protocolName)' cannot be multiplexed by multiplex-generate: each conforming type chooses "
        + "its \(types), and one multiplexer holds observers of every conforming type. Instead, declare a "
        + "class-bound protocol of your own with concrete types in their place (mark it @Multiplexed), "
        + "and a small class conforming to '\(protocolName)' that forwards each call to that protocol's multiplexer"
    }
  }

  /// The message for a protocol of another module (read from its symbol graph), which the user cannot edit, when
  /// the fix ``message(for:)`` gives edits the declaration: the way around it instead. `nil` for the other
  /// diagnostics, whose message applies as it is.
  package func messageForAnotherModule(protocolName: String) -> String? {
    let message = message(for: .generator)
    guard let fix = message.rangeOfText("; remove 'sending'") else { return nil }
    let reason = String(message[..<fix.lowerBound]) + "; the protocol is not yours to change"
    switch self {
    case .sendingParameter:
      return reason + ": declare a class-bound protocol of your own with the same requirements but this one without "
        + "'sending' (mark it @Multiplexed), and a small class conforming to '\(protocolName)' that forwards each "
        + "call to that protocol's multiplexer (each observer then gets the value in the caller's isolation)"
    case .sendingResult:
      return reason + ": declare a class-bound protocol of your own with the other requirements (mark it "
        + "@Multiplexed), and a small class conforming to '\(protocolName)' that answers this one itself and "
        + "forwards each other call to that protocol's multiplexer"
    default:
      return nil
    }
  }

  /// `'a(_:)' ('Bool')` or `'a(_:)' ('Bool'), 'b' ('Int') and 'c(_:)' ('CGFloat')`, for a message.
  static func requirementList(_ names: [String], _ types: [String]) -> String {
    let items = zip(names, types).map { "'\($0)' ('\($1)')" }
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  /// `--default 'a(_:)=<Bool>' --default 'b=<Int>'`: the flags to paste, with the value to fill in.
  static func defaultFlags(_ names: [String], _ types: [String]) -> String {
    zip(names, types).map { "--default '\($0)=<\($1)>'" }.joined(separator: " ")
  }
}
