import MultiplexModel
package import SwiftDiagnostics

/// The macro's diagnostics, for swift-syntax: each message has an identifier and is an error.
extension MultiplexedDiagnostic: DiagnosticMessage {
  package var diagnosticID: MessageID {
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
    case .conditionalCompilation: id = "conditionalCompilation"
    case .unsupportedMember: id = "unsupportedMember"
    case .selfRequirement: id = "selfRequirement"
    case .variadicParameter: id = "variadicParameter"
    case .rethrowsRequirement: id = "rethrowsRequirement"
    case .optionalRequirement: id = "optionalRequirement"
    case .nonisolatedInIsolatedProtocol: id = "nonisolatedInIsolatedProtocol"
    case .otherGlobalActor: id = "otherGlobalActor"
    case .missingDefault: id = "missingDefault"
    case .defaultOnVoid: id = "defaultOnVoid"
    case .duplicateMarker: id = "duplicateMarker"
    case .nameCollision: id = "nameCollision"
    case .markerOutsideMultiplexed: id = "markerOutsideMultiplexed"
    case .markerNotOnRequirement: id = "markerNotOnRequirement"
    case .duplicateMultiplexed: id = "duplicateMultiplexed"
    case .privateNestedProtocol: id = "privateNestedProtocol"
    case .defaultArgument: id = "defaultArgument"
    case .invalidModifier: id = "invalidModifier"
    case .ownershipModifier: id = "ownershipModifier"
    case .objcRequirement: id = "objcRequirement"
    case .unavailableRequirement: id = "unavailableRequirement"
    case .opaqueType: id = "opaqueType"
    case .consumingParameter: id = "consumingParameter"
    case .sendingParameter: id = "sendingParameter"
    case .sendingResult: id = "sendingResult"
    case .neverResult: id = "neverResult"
    case .nonGenericParameter: id = "nonGenericParameter"
    case .genericParameterHidesModule: id = "genericParameterHidesModule"
    case .typeHidesModule: id = "typeHidesModule"
    case .letProperty: id = "letProperty"
    case .propertyWithoutAccessors: id = "propertyWithoutAccessors"
    case .externalMemberCount: id = "externalMemberCount"
    case .externalMissingDefaults: id = "externalMissingDefaults"
    case .externalNoProtocol: id = "externalNoProtocol"
    case .externalObjCMissingDefaults: id = "externalObjCMissingDefaults"
    case .externalObjCOptionalMember: id = "externalObjCOptionalMember"
    case .externalUnknownDefault: id = "externalUnknownDefault"
    case .externalAmbiguousDefault: id = "externalAmbiguousDefault"
    case .externalDefaultNotExpression: id = "externalDefaultNotExpression"
    case .decisionNotApplicable: id = "decisionNotApplicable"
    case .conflictingDecisionMarkers: id = "conflictingDecisionMarkers"
    case .combineNotApplicable: id = "combineNotApplicable"
    case .unknownCombiner: id = "unknownCombiner"
    case .externalUnknownRequirement: id = "externalUnknownRequirement"
    case .externalAssociatedTypes: id = "externalAssociatedTypes"
    }
    return MessageID(domain: "MultiplexMacros", id: id)
  }

  package var severity: DiagnosticSeverity { .error }
}
