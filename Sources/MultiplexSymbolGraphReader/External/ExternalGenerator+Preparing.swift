import MultiplexModel

/// What ``ExternalGenerator`` does to its input before reading it: `optional` requirements of an `@objc` protocol,
/// and the user's flags (`--default`, `--decided-once`, `--every-observer`, `--combine`).
extension ExternalGenerator {
  /// The member descriptions, with what the declaration and the options add, or the problems found.
  struct Prepared {
    var members: [ExternalMember]
    var problems: [ExternalReader.Problem] = []
  }

  /// Prepares the member descriptions of `input`, read into `declaration`.
  ///
  /// For an `@objc` protocol, a member with the `optional` modifier is optional, as is one its description marks
  /// so. Default implementations do not count for an `@objc` protocol (Objective-C senders never see a Swift
  /// extension's). An optional subscript is a problem (Objective-C has none); an optional property is forwarded like
  /// a method (`UIApplicationDelegate.window`).
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
    declaration: ProtocolDeclaration,
    options: GenerationOptions
  ) -> Prepared {
    let declarations = declaration.members
    var prepared = Prepared(members: input.members)
    guard prepared.members.count == declarations.count else { return prepared }  // refused by the reader
    func problem(_ diagnostic: MultiplexedDiagnostic, at offset: Int) {
      prepared.problems.append(ExternalReader.Problem(message: diagnostic.message, offset: offset))
    }

    if input.isObjC {
      for (index, member) in declarations.enumerated() {
        prepared.members[index].hasDefaultImplementation = false
        if member.hasModifier("optional") { prepared.members[index].isOptional = true }
        switch member.kind {
        case .subscript where prepared.members[index].isOptional:
          problem(.externalObjCOptionalMember(name: "subscript"), at: member.offset)
        default:
          break
        }
      }
    }

    let requirementNames = declarations.map(Self.requirementNames)
    let names = declarations.indices.map { returnsValue(declarations[$0]) ? requirementNames[$0] : nil }
    for (index, name) in names.enumerated() {
      guard let name else { continue }
      // The short name when no other requirement returning a value has it, the one with types otherwise.
      let isShared = names.contains { $0 != nil && $0?.short == name.short && $0?.typed != name.typed }
      prepared.members[index].defaultName = isShared ? name.typed : name.short
    }
    for (name, text) in options.defaultValues.sorted(by: { $0.key < $1.key }) {
      // A short name answers for every overload that shares it (`height(_:)`) when they return the same type (one
      // expression then fits them all); a typed name, for the overload it spells (`height(_: Int) -> Double`).
      let matches = names.indices.filter { names[$0].map { names in Self.matches(name, names) } ?? false }
      guard let first = matches.first else {
        problem(.externalUnknownDefault(name: name), at: declaration.nameOffset)
        continue
      }
      let resultTypes = Set(matches.compactMap { declarations[$0].result?.description })
      guard resultTypes.count <= 1 else {
        let candidates = matches.compactMap { names[$0]?.typed }
        problem(.externalAmbiguousDefault(name: name, candidates: candidates), at: declarations[first].offset)
        continue
      }
      guard ExpressionCheck.isOneExpression(text) else {
        problem(.externalDefaultNotExpression(name: name, text: text), at: declarations[first].offset)
        continue
      }
      for index in matches { prepared.members[index].defaultValue = text }
    }
    applyDocumentedDefaults(to: &prepared, input: input, declaration: declaration, names: requirementNames)

    // The requirements each flag names, matched as `--default` matches them (see `matches(_:_:)`): the short
    // name marks every overload, the typed one only its own.
    func indices(named name: String, flag: String) -> [Int] {
      let found = declarations.indices.filter { requirementNames[$0].map { Self.matches(name, $0) } ?? false }
      if found.isEmpty { problem(.externalUnknownRequirement(flag: flag, name: name), at: declaration.nameOffset) }
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
    // The data's combining for what every observer of an app's shared delegates takes part in, unless a flag chose.
    for (index, names) in requirementNames.enumerated() {
      guard let names, prepared.members[index].combining == nil, prepared.members[index].isDecidedOnce == nil,
        let choice = DocumentedDefault.combining(
          for: names.short,
          in: [prepared.members[index].declaringProtocol, declaration.name].compactMap { $0 }
        )
      else { continue }
      prepared.members[index].combining = choice.policy
      prepared.members[index].combiningNote = choice.note
    }
    return prepared
  }

  /// Gives each requirement that returns a value, and that neither the user's `--default` nor a default
  /// implementation answers, the documented default of the protocol that declares it, or, for an optional requirement
  /// of an `@objc` protocol that returns a value other than an `Optional` (which answers `nil`), the stated convention
  /// (see ``DocumentedDefault``), and a required requirement of a library built from source whose result has an empty
  /// value that value (``DocumentedDefault/libraryRequirementConvention(type:)``), with a note that says which; with
  /// none of them, such an optional requirement is answered with the observers' answers the multiplexer keeps
  /// (``canKeepAnswers(of:result:)``).
  private static func applyDocumentedDefaults(
    to prepared: inout Prepared,
    input: ExternalProtocol,
    declaration: ProtocolDeclaration,
    names: [(short: String, typed: String)?]
  ) {
    for (index, member) in declaration.members.enumerated() {
      guard let name = names[index], prepared.members[index].defaultValue == nil,
        !prepared.members[index].hasDefaultImplementation, let result = member.result
      else { continue }
      // An entry names the requirement as `--default` does: with its types (for an overload whose answer differs,
      // AppKit's `collectionView(_:draggingImageForItemsAt:…)` taking a `Set<IndexPath>` or an `IndexSet`), or by the
      // short name, which answers for every overload that shares it when they return the same type (MapKit's two
      // `mapView(_:viewFor:)` return an overlay's view and an annotation's: no entry answers both).
      let sharingOverloads = names.indices.filter { names[$0]?.short == name.short }
      let resultTypes = Set(sharingOverloads.compactMap { declaration.members[$0].result?.description })
      let candidates = [name.typed] + (resultTypes.count == 1 ? [name.short] : [])
      let protocols = [prepared.members[index].declaringProtocol, declaration.name].compactMap { $0 }
      if let entry = candidates.lazy.compactMap({ DocumentedDefault.entry(for: $0, in: protocols) }).first {
        // An `Optional` result too: `nil` is not always what the sender does without the method
        // (`tableView(_:willSelectRowAt:)` answering `nil` vetoes the selection; UIKit selects the row).
        prepared.members[index].defaultValue = entry.expression
        prepared.members[index].defaultNote = DocumentedDefault.note(for: entry)
      } else if let passed = passedDefault(of: member, result: result) {
        // The sender hands over the value it uses itself (iCarousel's `carousel(_:valueFor:withDefault:)`).
        prepared.members[index].defaultValue = passed
        prepared.members[index].defaultNote =
          "Convention (nothing documents it): the default the sender passes in '\(passed)'."
      } else if input.isObjC, prepared.members[index].isOptional, !result.implicitlyUnwrappedAsOptional.isOptional,
        let convention = DocumentedDefault.convention(for: name.short, type: result)
      {
        prepared.members[index].defaultValue = convention.expression
        prepared.members[index].defaultNote = convention.note
      } else if let question = DocumentedDefault.questionConvention(for: name.short, type: result) {
        // A required question (a library's, which documents no answer): answered only with no observer.
        prepared.members[index].defaultValue = question.expression
        prepared.members[index].defaultNote = question.note
      } else if input.isBuiltFromSource, !prepared.members[index].isOptional,
        let convention = DocumentedDefault.libraryRequirementConvention(type: result)
      {
        // A required requirement of a library (which documents no answer): answered only with no observer.
        prepared.members[index].defaultValue = convention.expression
        prepared.members[index].defaultNote = convention.note
      } else if input.isObjC, prepared.members[index].isOptional, canKeepAnswers(of: member, result: result) {
        // No answer of its own (a layout, an animator, a color): the observers' answers, kept (`_KeptAnswers`).
        prepared.members[index].keepsAnswer = true
      }
    }
  }

  /// Whether the multiplexer can answer optional requirement `member` of an `@objc` protocol, which returns `result`,
  /// with the answers it keeps (``ExternalMember/keepsAnswer``): a method that is not `async` (its call is answered
  /// on the spot) and returns a value that is not an `Optional`; an `Unmanaged` result only from a method
  /// Objective-C's naming convention says returns it unretained (not `new…`, `copy…`, `mutableCopy…`, `alloc…`,
  /// `init…`), since the multiplexer keeps the object and hands it out again unretained.
  static func canKeepAnswers(of member: MemberDeclaration, result: SwiftType) -> Bool {
    guard case .function(let name) = member.kind, member.effects?.isAsync != true,
      !result.implicitlyUnwrappedAsOptional.isOptional
    else { return false }
    guard case .named(let type, let arguments) = result, type == "Unmanaged" || type == "Swift.Unmanaged" else {
      return true
    }
    let first = DocumentedDefault.words(of: name).first ?? ""
    return arguments.count == 1 && !["new", "copy", "mutable", "alloc", "init"].contains(first)
  }

  /// The name of the parameter of `member` through which the sender hands over its own default answer, or `nil`:
  /// one whose label or name says `default` (`withDefault`, `defaultValue`) and whose type is `result`.
  static func passedDefault(of member: MemberDeclaration, result: SwiftType) -> String? {
    for parameter in member.parameters where parameter.type.description == result.description {
      let name = Naming.bareName(parameter.secondName ?? parameter.firstName)
      let words = DocumentedDefault.words(of: parameter.firstName) + DocumentedDefault.words(of: name)
      if words.contains("default"), name != "_" { return name }
    }
    return nil
  }

  /// The names the flags (`--default`, `--combine`, `--decided-once`, `--every-observer`) know a requirement
  /// by, or `nil` for a member that is no requirement: the short one (`tableView(_:heightForRowAt:)`,
  /// `preferredName`, `subscript(_:)`, `subscript(key:)`) and the one with types, effects and generic clauses,
  /// which tells overloads apart (`subscript(_: Int) -> String`, `b(_: String) -> Int`,
  /// `load<T>(_: T) async throws -> Int where T: Sendable`).
  static func requirementNames(of member: MemberDeclaration) -> (short: String, typed: String)? {
    func typed(_ base: String, isSubscript: Bool, effects: MemberDeclaration.Effects?) -> String {
      let list = member.parameters.map { parameter in
        let label =
          isSubscript
          ? MemberDeclaration.subscriptLabel(of: parameter).map(Naming.bareName) ?? "_"
          : Naming.bareName(parameter.firstName)
        return label + ": " + parameter.type.description + (parameter.isVariadic ? "..." : "")
      }
      var name = base + GenericParameter.clause(member.genericParameters ?? []) + "("
      name += list.joined(separator: ", ") + ")"
      if let effects { name += " " + effects.description }
      if let result = member.result { name += " -> " + result.description }
      return name + GenericRequirement.clause(member.whereClause ?? [])
    }
    let labels = { (isSubscript: Bool) in
      member.parameters.map { parameter in
        (isSubscript
          ? MemberDeclaration.subscriptLabel(of: parameter).map(Naming.bareName) ?? "_"
          : Naming.bareName(parameter.firstName)) + ":"
      }.joined()
    }
    switch member.kind {
    case .function(let name):
      return (
        name + "(" + labels(false) + ")", typed(Naming.bareName(name), isSubscript: false, effects: member.effects)
      )
    case .subscript:
      return ("subscript(" + labels(true) + ")", typed("subscript", isSubscript: true, effects: nil))
    case .property(let name, _):
      let bare = Naming.bareName(name)
      return (bare, bare + ": " + (member.result?.description ?? ""))
    default:
      return nil
    }
  }

  /// Whether `member` returns a value (a property, a subscript, a method whose result is not `Void`): a
  /// requirement `--default` can give a value for.
  private static func returnsValue(_ member: MemberDeclaration) -> Bool {
    switch member.kind {
    case .function, .subscript: return member.result.map { !$0.isVoid } ?? false
    case .property: return true
    default: return false
    }
  }

  /// Whether a name given to a flag names the requirement known by `names` (see ``requirementNames(of:)``):
  /// its short or its typed name, compared without whitespace and backticks.
  static func matches(_ given: String, _ names: (short: String, typed: String)) -> Bool {
    func normalized(_ name: String) -> String { name.filter { !$0.isWhitespace && $0 != "`" } }
    let given = normalized(given)
    return normalized(names.short) == given || normalized(names.typed) == given
  }
}
