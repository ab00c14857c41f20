import MultiplexModel

/// The combining protocol: one method per requirement that returns a value.
extension Generator {
  /// Whether the protocol has a requirement that returns a value, so a combining protocol and a `combiner`: a
  /// protocol whose requirements all return nothing gets neither. A requirement whose answers the multiplexer keeps
  /// (``Requirement/keepsAnswer``) has no combining method: it has no default to give one.
  package var hasCombiningProtocol: Bool {
    model.requirements.contains { $0.returnsValue && !$0.keepsAnswer }
  }

  /// `protocol PCombining: AnyObject`, or `nil` when no requirement returns a value
  /// (``hasCombiningProtocol``). The macro attaches `@_MultiplexedCombining` to it, which generates the default
  /// implementations; for a protocol of another module they come from ``combiningDefaults()``.
  package func combiningProtocolIfNeeded() -> String? {
    hasCombiningProtocol ? combiningProtocol() : nil
  }

  /// `protocol PCombining: AnyObject`, with one method per requirement that returns a value.
  package func combiningProtocol() -> String {
    var methods: [String] = []
    for requirement in model.requirements where !requirement.keepsAnswer {
      guard case .value(_, let valueType, _) = requirement.result else { continue }
      methods.append(combiningMethod(requirement, type: valueType))
    }
    let inheritance = model.isSendable ? "AnyObject, Sendable" : "AnyObject"
    let body = methods.isEmpty ? "\n" : "\n  " + indented(methods.joined(separator: "\n\n"), 2) + "\n"
    let policy =
      model.external == nil || isObjC
      ? "value (the policy used when no combiner is set)"
      : "value, or the first that is not `nil` for an\n/// `Optional` result (the policy used when no combiner is set)"
    let macro = model.external == nil ? "@\(Naming.combiningMacro)\n" : ""
    return """
      /// Combines the observers' answers to the calls of a `\(model.multiplexerName)` that return a value.
      ///
      /// Set an object conforming to it as the multiplexer's `combiner`. Each method receives the responses of
      /// the observers that implement the requirement, lazily and in call order, with the observer that gave each
      /// one, and the requirement's default value. Every method is optional: the default implementation returns
      /// the first response's \(policy).
      \(macro)\(typeAttributes)\(typeAccess)protocol \(model.combiningName): \(inheritance) {\(body)}
      """
  }

  /// The default implementations of the combining protocol, for a protocol of another module (the macro has
  /// `@_MultiplexedCombining` generate them): the policy used when no combiner is set.
  ///
  /// Made from the model, as the protocol is: each method is the protocol's signature with the protocol's access
  /// level, and a body that applies the requirement's policy (``combiningPolicy(_:)``).
  package func combiningDefaults() -> String? {
    guard hasCombiningProtocol else { return nil }
    let access = model.memberAccess.map { $0 + " " } ?? ""
    var members: [String] = []
    for requirement in model.requirements where !requirement.keepsAnswer {
      guard case .value(_, let valueType, _) = requirement.result else { continue }
      let signature = combiningMethodSignature(requirement, type: valueType, access: access)
      members.append("\(signature) {\n  \(combiningPolicy(requirement).implementationBody)\n}")
    }
    return """
      \(model.availability.map { $0.text + "\n" }.joined())extension \(model.combiningName) {
        \(indented(members.joined(separator: "\n\n"), 2))
      }
      """
  }

  /// `func scrollViewDelegateMultiplexer(_:combineViewForZoomingIn:default:)`.
  private func combiningMethod(_ requirement: Requirement, type: SwiftType) -> String {
    // The macro's `@_MultiplexedCombining` sees only this protocol: the marker tells it the policy.
    let marker = requirement.combining.map { "@\(Naming.combineMarker)(.\($0.rawValue))\n" } ?? ""
    let policy = requirement.combining.map { "; by default with `Combiner.\($0.rawValue)`" } ?? ""
    return """
      /// Combines the answers to `\(requirement.displayName)`\(policy).
      \(model.external == nil ? marker : "")\(combiningMethodSignature(requirement, type: type, access: ""))
      """
  }

  /// The combining method's declaration without a body, its attributes first and `access` before `func`: one
  /// spelling for the protocol's requirement and its default implementation.
  private func combiningMethodSignature(_ requirement: Requirement, type: SwiftType, access: String) -> String {
    let (genericClause, whereClause, type) = combiningSignature(requirement, type: type)
    let responses = "Multiplex.Responses<\(model.qualifiedObserverType), \(type.description)>"
    return
      "\(attributes(requirement.availability))\(access)func \(model.combiningBaseName)\(genericClause)(_ multiplexer: \(model.qualifiedMultiplexerName), \(requirement.combiningLabel) responses: inout \(responses), default defaultValue: \(type.description)) -> \(type.description)\(whereClause)"
  }

  /// The combining method's generic parameters, `where` clause and value type, for a requirement whose value has
  /// type `type`.
  ///
  /// The method takes the generic parameters of `requirement` that the value type names, so that a call infers
  /// them from the responses, with the constraints that only involve them. A generic parameter the value type only
  /// names through a member (`C.Element`) could not be inferred: the member becomes a generic parameter of its own
  /// (`Element`), with the constraints on it. Dropping a constraint is sound: the method only gets more general.
  /// The combining protocol does not conform to the protocol, so the protocol's type aliases are qualified.
  private func combiningSignature(
    _ requirement: Requirement,
    type: SwiftType
  ) -> (generics: String, whereClause: String, type: SwiftType) {
    let clause = requirement.genericParameters
    let allNames = Set(clause?.map(\.name) ?? [])
    let aliases = model.typeAliases.filter { !allNames.contains($0.key) }
    let protocolType = model.qualifier + model.name
    func qualified(_ type: SwiftType) -> SwiftType { type.qualifyingTypeAliases(aliases, protocolType: protocolType) }
    guard let clause else { return ("", "", qualified(type)) }

    let references = TypeReferences(type)
    let direct = references.directNames.intersection(allNames)
    // A new generic parameter must not hide a type the signature names (`Element` in `C.Element` is no such type).
    var taken = allNames.union(references.allNames)
    for parameter in clause { taken.formUnion(parameter.references.allNames) }
    for item in requirement.genericWhereClause ?? [] { taken.formUnion(item.references.allNames) }
    var substitutions: [String: String] = [:]
    var introduced: [String] = []
    for path in references.memberPaths where allNames.subtracting(direct).contains(path.root) {
      guard substitutions[path.text] == nil else { continue }
      let fresh = Naming.fresh(path.member, avoiding: taken)
      taken.insert(fresh)
      substitutions[path.text] = fresh
      introduced.append(fresh)
    }
    func rewritten(_ type: SwiftType) -> SwiftType { qualified(type.substitutingMemberPaths(substitutions)) }
    let valueType = rewritten(type)
    guard !direct.isEmpty || !introduced.isEmpty else { return ("", "", valueType) }

    var parameters: [String] = []
    for parameter in clause where direct.contains(parameter.name) {
      var text = (parameter.specifier.map { $0 + " " } ?? "") + parameter.name
      if let inherited = parameter.inheritedType {
        let constraint = rewritten(inherited)
        if TypeReferences(constraint).allNames.intersection(allNames).isSubset(of: direct) {
          text += ": " + constraint.description
        }
      }
      parameters.append(text)
    }
    parameters.append(contentsOf: introduced)
    var requirements: [String] = []
    for item in requirement.genericWhereClause ?? [] {
      let constraint = item.rewritingTypes(rewritten)
      let names = constraint.references.allNames
      let original = names.intersection(allNames)
      let new = names.intersection(introduced)
      guard original.isSubset(of: direct), !original.isEmpty || !new.isEmpty else { continue }
      // `Element == Int` would make an introduced parameter non-generic (a warning): leave it to inference.
      if case .sameType(let left, let right) = constraint,
        [left.description, right.description].contains(where: introduced.contains)
      {
        continue
      }
      requirements.append(constraint.description)
    }
    let whereText = requirements.isEmpty ? "" : " where " + requirements.joined(separator: ", ")
    return ("<" + parameters.joined(separator: ", ") + ">", whereText, valueType)
  }
}
