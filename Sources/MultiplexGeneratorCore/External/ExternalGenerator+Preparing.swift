import MultiplexGeneratorModel
import SwiftParser
import SwiftSyntax

/// What ``ExternalGenerator`` does to its input before reading it: `@objc` spellings, `optional` requirements,
/// and the user's default values.
extension ExternalGenerator {
  /// The input, ready to read, or the problems found, each with the node it is about.
  struct Prepared {
    /// The source with every `@objc` attribute and `optional` modifier blanked out (replaced by spaces, so that
    /// lines and columns stay those of the input).
    var source: String
    /// The member descriptions, with `isOptional` set for `optional` members and the default values given.
    var members: [ExternalMember]
    var problems: [(message: String, node: Syntax)] = []
  }

  /// Prepares `proto`, parsed from `input.source`.
  ///
  /// For an `@objc` protocol, the spellings the symbol graph may give (`@objc`, `@objc(name)`, `optional`) are
  /// blanked out, so that the protocol reads like a Swift one: a member with the `optional` modifier is
  /// optional, as is one its description marks so. Default implementations do not count for an `@objc`
  /// protocol (Objective-C senders never see a Swift extension's). An optional property or subscript is a
  /// problem: only optional methods are supported.
  ///
  /// For any protocol, `defaultValues` names requirements returning a value: a name that is none of them, or a
  /// text that is not one expression, is a problem.
  ///
  /// `options` also names requirements decided once, sent to every observer, or combined by a chosen policy
  /// (``GenerationOptions/decidedOnce``, ``GenerationOptions/everyObserver``, ``GenerationOptions/combining``),
  /// matched as `defaultValues` are (``matches(_:_:)``): a short name marks every requirement of that name
  /// (overloads share it), a typed one only its own; a name that is none is a problem.
  static func prepare(
    _ input: ExternalProtocol,
    proto: ProtocolDeclSyntax,
    options: GenerationOptions
  ) -> Prepared {
    let defaultValues = options.defaultValues
    let declarations = proto.memberBlock.members.map(\.decl)
    var prepared = Prepared(source: input.source, members: input.members)
    guard prepared.members.count == declarations.count else { return prepared }  // diagnosed by the reader

    if input.isObjC {
      var blanked: [Range<Int>] = []
      func blank(_ node: some SyntaxProtocol) {
        blanked.append(
          node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        )
      }
      objcAttributes(proto.attributes).forEach(blank)
      for (index, decl) in declarations.enumerated() {
        prepared.members[index].hasDefaultImplementation = false
        if let attributes = decl.asProtocol((any WithAttributesSyntax).self)?.attributes {
          objcAttributes(attributes).forEach(blank)
        }
        let optionalModifiers = (decl.asProtocol((any WithModifiersSyntax).self)?.modifiers ?? [])
          .filter { $0.name.tokenKind == .keyword(.optional) }
        optionalModifiers.forEach(blank)
        if !optionalModifiers.isEmpty { prepared.members[index].isOptional = true }
        if prepared.members[index].isOptional, !decl.is(FunctionDeclSyntax.self) {
          let name = decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription ?? "subscript"
          prepared.problems.append(
            (MultiplexedDiagnostic.externalObjCOptionalMember(name: name).message, Syntax(decl))
          )
        }
      }
      var bytes = Array(input.source.utf8)
      for range in blanked {
        for offset in range where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
          bytes[offset] = UInt8(ascii: " ")
        }
      }
      prepared.source = String(decoding: bytes, as: UTF8.self)
    }

    let requirementNames = declarations.map(Self.requirementNames)
    let names = declarations.indices.map { returnsValue(declarations[$0]) ? requirementNames[$0] : nil }
    for (index, name) in names.enumerated() {
      guard let name else { continue }
      // The short name when no other requirement returning a value has it, the one with types otherwise.
      let isShared = names.contains { $0 != nil && $0?.short == name.short && $0?.typed != name.typed }
      prepared.members[index].defaultName = isShared ? name.typed : name.short
    }
    for (name, text) in defaultValues.sorted(by: { $0.key < $1.key }) {
      // A short name answers for every overload that shares it (`height(_:)`) when they return the same type (one
      // expression then fits them all); a typed name, for the overload it spells (`height(_: Int) -> Double`).
      let matches = names.indices.filter { names[$0].map { names in Self.matches(name, names) } ?? false }
      guard let first = matches.first else {
        prepared.problems.append((MultiplexedDiagnostic.externalUnknownDefault(name: name).message, Syntax(proto.name)))
        continue
      }
      let resultTypes = Set(
        matches.compactMap { index -> String? in
          let decl = declarations[index]
          let result =
            decl.as(FunctionDeclSyntax.self)?.signature.returnClause?.type
            ?? decl.as(SubscriptDeclSyntax.self)?.returnClause.type
            ?? decl.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type
          return result?.trimmedDescription
        }
      )
      guard resultTypes.count <= 1 else {
        let candidates = matches.compactMap { names[$0]?.typed }
        prepared.problems.append(
          (
            MultiplexedDiagnostic.externalAmbiguousDefault(name: name, candidates: candidates).message,
            Syntax(declarations[first])
          )
        )
        continue
      }
      guard isExpression(text) else {
        prepared.problems.append(
          (
            MultiplexedDiagnostic.externalDefaultNotExpression(name: name, text: text).message,
            Syntax(declarations[first])
          )
        )
        continue
      }
      for index in matches { prepared.members[index].defaultValue = text }
    }

    // The requirements each flag names, matched as `--default` matches them (see `matches(_:_:)`): the short
    // name marks every overload, the typed one only its own.
    func indices(named name: String, flag: String) -> [Int] {
      let found = declarations.indices.filter { requirementNames[$0].map { Self.matches(name, $0) } ?? false }
      if found.isEmpty {
        prepared.problems.append(
          (MultiplexedDiagnostic.externalUnknownRequirement(flag: flag, name: name).message, Syntax(proto.name))
        )
      }
      return found
    }
    for (names, isDecidedOnce, flag) in [
      (options.decidedOnce, true, "--decided-once"), (options.everyObserver, false, "--every-observer"),
    ] {
      for name in names.sorted() {
        for index in indices(named: name, flag: flag) { prepared.members[index].isDecidedOnce = isDecidedOnce }
      }
    }
    for (name, policy) in options.combining.sorted(by: { $0.key < $1.key }) {
      for index in indices(named: name, flag: "--combine") { prepared.members[index].combining = policy }
    }
    return prepared
  }

  /// The names the flags (`--default`, `--combine`, `--decided-once`, `--every-observer`) know a requirement
  /// by, or `nil` for a member that is no requirement: the short one (`tableView(_:heightForRowAt:)`,
  /// `preferredName`, `subscript(_:)`, `subscript(key:)`) and the one with types, effects and generic clauses,
  /// which tells overloads apart (`subscript(_: Int) -> String`, `b(_: String) -> Int`,
  /// `load<T>(_: T) async throws -> Int where T: Sendable`).
  static func requirementNames(of decl: DeclSyntax) -> (short: String, typed: String)? {
    func typed(
      _ base: String,
      generics: GenericParameterClauseSyntax?,
      _ parameters: FunctionParameterListSyntax,
      isSubscript: Bool,
      effects: String?,
      result: TypeSyntax?,
      whereClause: GenericWhereClauseSyntax?
    ) -> String {
      let list = parameters.map { parameter in
        let hasLabel = isSubscript ? parameter.secondName != nil : true
        let label = hasLabel ? Naming.bare(parameter.firstName) : "_"
        return label + ": " + parameter.type.trimmedDescription + (parameter.ellipsis?.text ?? "")
      }
      var name = base + (generics?.trimmedDescription ?? "") + "(" + list.joined(separator: ", ") + ")"
      if let effects, !effects.isEmpty { name += " " + effects }
      if let result { name += " -> " + result.trimmedDescription }
      if let whereClause { name += " " + whereClause.trimmedDescription }
      return name
    }
    if let function = decl.as(FunctionDeclSyntax.self) {
      let signature = function.signature
      return (
        Requirement.displayName(of: function),
        typed(
          Naming.bare(function.name),
          generics: function.genericParameterClause,
          signature.parameterClause.parameters,
          isSubscript: false,
          effects: signature.effectSpecifiers?.trimmedDescription,
          result: signature.returnClause?.type,
          whereClause: function.genericWhereClause
        )
      )
    }
    if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      return (
        Requirement.displayName(of: subscriptDecl),
        typed(
          "subscript",
          generics: subscriptDecl.genericParameterClause,
          subscriptDecl.parameterClause.parameters,
          isSubscript: true,
          effects: nil,
          result: subscriptDecl.returnClause.type,
          whereClause: subscriptDecl.genericWhereClause
        )
      )
    }
    guard let binding = decl.as(VariableDeclSyntax.self)?.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
    else { return nil }
    let name = Naming.bare(identifier)
    return (name, name + ": " + (binding.typeAnnotation?.type.trimmedDescription ?? ""))
  }

  /// Whether `decl` returns a value (a property, a subscript, a method whose result is not `Void`): a
  /// requirement `--default` can give a value for.
  private static func returnsValue(_ decl: DeclSyntax) -> Bool {
    if let function = decl.as(FunctionDeclSyntax.self) {
      guard let result = function.signature.returnClause?.type else { return false }
      return !Requirement.isVoid(result)
    }
    if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
      return !Requirement.isVoid(subscriptDecl.returnClause.type)
    }
    return decl.is(VariableDeclSyntax.self)
  }

  /// Whether a name given to a flag names the requirement known by `names` (see ``requirementNames(of:)``):
  /// its short or its typed name, compared without whitespace and backticks.
  static func matches(_ given: String, _ names: (short: String, typed: String)) -> Bool {
    func normalized(_ name: String) -> String { name.filter { !$0.isWhitespace && $0 != "`" } }
    let given = normalized(given)
    return normalized(names.short) == given || normalized(names.typed) == given
  }

  /// The `@objc` and `@objc(name)` attributes of `list`, as nodes of its tree (their positions are the source's).
  private static func objcAttributes(_ list: AttributeListSyntax) -> [AttributeSyntax] {
    list.compactMap { element in
      guard case .attribute(let attribute) = element, Naming.attributeName(attribute) == "objc" else { return nil }
      return attribute
    }
  }

  /// Whether `text` is exactly one Swift expression.
  private static func isExpression(_ text: String) -> Bool {
    let tree = Parser.parse(source: "_ = (\n\(text)\n)")
    guard !tree.hasError, tree.statements.count == 1 else { return false }
    guard let sequence = tree.statements.first?.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
      let tuple = sequence.elements.last?.as(TupleExprSyntax.self)
    else { return false }
    return tuple.elements.count == 1 && tuple.elements.first?.label == nil
  }
}
