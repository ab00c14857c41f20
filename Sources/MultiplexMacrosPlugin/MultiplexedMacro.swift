import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@Multiplexed`: generates `PMultiplexer` and `PCombining` (peer role) and the default implementations that
/// make requirements optional (extension role).
///
/// Both roles read the protocol into a ``ProtocolModel``. The peer role reports the diagnostics; the extension
/// role stays silent so that each problem is reported once. Either role generates nothing when the model has a
/// diagnostic.
public enum MultiplexedMacro {}

extension MultiplexedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    var diagnostics: [Diagnostic] = []
    let model = ProtocolModel.make(from: declaration, attribute: node, in: context, diagnostics: &diagnostics)
    // With the macro written twice, it expands twice: only the first attribute's expansion reports.
    if let proto = declaration.as(ProtocolDeclSyntax.self),
      let first = ProtocolModel.multiplexedAttributes(of: proto).first,
      !isSameLocation(node, first, in: context)
    {
      return []
    }
    for diagnostic in diagnostics { context.diagnose(diagnostic) }
    guard let model else { return [] }
    let generator = Generator(model: model, context: context)
    return [generator.multiplexerClass(), generator.combiningProtocol()]
  }
}

extension MultiplexedMacro {
  /// Whether `node` and `other` start at the same place in the source (the nodes a macro receives are detached
  /// copies, so identity cannot tell). `true` when the locations are unknown.
  static func isSameLocation(
    _ node: some SyntaxProtocol,
    _ other: some SyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> Bool {
    guard let location = context.location(of: node), let otherLocation = context.location(of: other) else {
      return true
    }
    return location.file.description == otherLocation.file.description
      && location.line.description == otherLocation.line.description
      && location.column.description == otherLocation.column.description
  }
}

extension MultiplexedMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    var diagnostics: [Diagnostic] = []
    guard let model = ProtocolModel.make(from: declaration, attribute: node, in: context, diagnostics: &diagnostics)
    else {
      return []
    }
    let generator = Generator(model: model, context: context)
    guard let defaults = generator.defaultImplementations(extending: TypeSyntax(type.trimmed)) else { return [] }
    return [defaults]
  }
}

/// Turns a ``ProtocolModel`` into source.
struct Generator<Context: MacroExpansionContext> {
  let model: ProtocolModel
  let context: Context

  // MARK: Common pieces

  /// `public ` / `package ` / nothing, for members.
  private var memberAccess: String { model.memberAccess.map { $0 + " " } ?? "" }

  /// The protocol's global actor and availability, as a prefix for generated type declarations.
  /// `DelegateMultiplexing`, isolated like the protocol when it is actor-isolated (an isolated conformance).
  private var delegateMultiplexingConformance: String {
    if let isolation = model.isolation { return "\(isolation.description) Multiplex.DelegateMultiplexing" }
    return "Multiplex.DelegateMultiplexing"
  }

  private var typeAttributes: String {
    var attributes = model.availability.map(\.description)
    if let isolation = model.isolation { attributes.insert(isolation.description, at: 0) }
    return attributes.map { $0 + "\n" }.joined()
  }

  private var typeAccess: String { model.typeAccess.map { $0 + " " } ?? "" }

  /// `text` with every line but the first indented by `spaces`, for interpolation at that indentation.
  private func indented(_ text: String, _ spaces: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
      .map { index, line in index == 0 || line.isEmpty ? String(line) : String(repeating: " ", count: spaces) + line }
      .joined(separator: "\n")
  }

  private func attributes(_ list: [AttributeSyntax]) -> String {
    list.map { $0.description + "\n" }.joined()
  }

  /// The `try`/`await` in front of a call to `requirement`.
  private func effectPrefix(_ requirement: Requirement) -> String {
    (requirement.isThrowing ? "try " : "") + (requirement.isAsync ? "await " : "")
  }

  /// The arguments of a call that passes the parameters on: `scrollView, velocity: velocity, offset: &offset`.
  private func argumentList(_ arguments: [Requirement.Argument]) -> String {
    arguments.map { argument in
      let value: String
      if argument.isInout {
        value = "&" + argument.name
      } else if argument.isAutoclosure {
        value = argument.name + "()"
      } else if argument.isPack {
        value = "repeat each " + argument.name
      } else {
        value = argument.name
      }
      return (argument.label.map { Naming.argumentLabel($0) + ": " } ?? "") + value
    }
    .joined(separator: ", ")
  }

  /// How one observer, named `receiver`, is called: `$0.viewForZooming(in: scrollView)`.
  private func observerCall(_ requirement: Requirement, receiver: String) -> String {
    switch requirement.shape {
    case .method(_, _, let name, let arguments):
      return "\(effectPrefix(requirement))\(receiver).\(name)(\(argumentList(arguments)))"
    case .property(let name, _, _, _):
      return "\(effectPrefix(requirement))\(receiver).\(name)"
    case .subscript(_, _, let arguments, _, _):
      return "\(effectPrefix(requirement))\(receiver)[\(argumentList(arguments))]"
    }
  }

  /// The closure that calls one observer. With typed throws, the closure spells out its thrown type, which
  /// Swift 6 would otherwise infer as `any Error`.
  private func observerClosure(_ requirement: Requirement, returnType: String) -> String {
    // Not `makeUniqueName`: a closure parameter spelled `$…` would name a property wrapper projection.
    let observer = Naming.fresh("observer", avoiding: requirement.reservedNames)
    guard let thrownType = requirement.typedThrowsType else {
      // A subscript names its receiver: the formatter would write `$0 [index]`.
      if case .subscript = requirement.shape {
        return "{ \(observer) in\n  \(observerCall(requirement, receiver: observer))\n}"
      }
      return "{\n  \(observerCall(requirement, receiver: "$0"))\n}"
    }
    let effects = (requirement.isAsync ? "async " : "") + "throws(\(thrownType.trimmedDescription))"
    return "{ (\(observer): \(model.observerType)) \(effects) -> \(returnType) in\n"
      + "  \(observerCall(requirement, receiver: observer))\n}"
  }

  /// The body that forwards a requirement returning a value: the combiner's method if a combiner is set, the
  /// first responding observer's answer otherwise.
  private func combiningBody(_ requirement: Requirement, type: TypeSyntax) -> String {
    let prefix = effectPrefix(requirement)
    let typeText = type.description
    let closure = observerClosure(requirement, returnType: typeText)
    let defaultValue = requirement.defaultValue?.description ?? "nil"
    // A readable name that shadows nothing the body uses: the parameters and the default value's identifiers.
    let combiner = Naming.fresh("combiner", avoiding: requirement.reservedNames)
    let combinerRead = model.isolation == nil ? "self.\(Naming.combinerStorage).object" : "self.combiner"
    return """
      if let \(combiner) = \(combinerRead) {
        return \(prefix)self.\(Naming.storage).combine(
          using: Multiplex.Combiner<\(model.observerType), \(typeText), \(typeText)> { responses, defaultValue in
            \(combiner).\(model.combiningBaseName)(
              self,
              \(requirement.combiningLabel): &responses,
              default: defaultValue
            )
          },
          default: \(defaultValue),
          requirement: #function
        ) \(indented(closure, 2))
      }
      return \(prefix)self.\(Naming.storage).combine(default: \(defaultValue), requirement: #function) \(closure)
      """
  }

  // MARK: The multiplexer class

  func multiplexerClass() -> DeclSyntax {
    let observer = model.observerType
    let combinerDeclaration: String
    if model.isolation == nil {
      combinerDeclaration = """
        private let \(Naming.combinerStorage) = Multiplex._LockedWeakReference<any \(model.combiningName)>()

        /// The object that combines the observers' answers to calls that return a value; `nil` for the default
        /// policy (the first responding observer's answer).
        ///
        /// Held weakly. Reading and writing it is thread-safe: each call reads it once, when it starts.
        \(memberAccess)var combiner: (any \(model.combiningName))? {
          get {
            self.\(Naming.combinerStorage).object
          }
          set {
            self.\(Naming.combinerStorage).object = newValue
          }
        }
        """
    } else {
      combinerDeclaration = """
        /// The object that combines the observers' answers to calls that return a value; `nil` for the default
        /// policy (the first responding observer's answer).
        ///
        /// Held weakly, and isolated like the protocol: each call reads it once, when it starts.
        \(memberAccess)weak var combiner: (any \(model.combiningName))?
        """
    }
    var members: [String] = []
    for requirement in model.requirements {
      members.append(forwardingMember(requirement))
    }
    if let events = eventMembers() { members.append(events) }
    return """
      /// A `\(raw: model.name)` that forwards every call to any number of observers, generated by `@Multiplexed`.
      ///
      /// Put it in a delegate slot and register observers with ``add(_:retention:priority:)``. Calls that return
      /// nothing reach every observer in order; calls that return a value reach every observer too, and return
      /// the first responding observer's answer (or the requirement's default when none responds) unless a
      /// ``combiner`` decides otherwise.
      \(raw: typeAttributes)\(raw: typeAccess)final class \(raw: model.multiplexerName): \(raw: model.name), \(raw: delegateMultiplexingConformance) {
        private let \(raw: Naming.storage): Multiplex.Multiplexer<\(raw: observer)>

        /// The runtime multiplexer the calls are forwarded to: for per-call combiners, ``Multiplexer/primary``, and
        /// the rest of the runtime API.
        \(raw: memberAccess)var multiplexer: Multiplex.Multiplexer<\(raw: observer)> {
          self.\(raw: Naming.storage)
        }

        /// This multiplexer as a `\(raw: observer)`, for a delegate slot. See `DelegateMultiplexing`.
        \(raw: memberAccess)var asDelegate: \(raw: observer) {
          self
        }

        \(raw: indented(combinerDeclaration, 2))

        /// Creates a multiplexer without observers.
        \(raw: memberAccess)init() {
          self.\(raw: Naming.storage) = Multiplex.Multiplexer()
        }

        /// Creates a multiplexer whose observers come from `source`, evaluated at every call.
        ///
        /// The observers `source` returns are called first, in order, followed by those registered with
        /// ``add(_:retention:priority:)``; see `Multiplexer.init(source:)`.
        \(raw: memberAccess)init(source: @escaping @Sendable () -> [\(raw: observer)]) {
          self.\(raw: Naming.storage) = Multiplex.Multiplexer(source: source)
        }

        /// Registers an observer, called after those already registered with the same or a higher priority.
        ///
        /// See `Multiplexer.add(_:retention:priority:)`.
        @discardableResult
        \(raw: memberAccess)func add(
          _ observer: \(raw: observer),
          retention: Multiplex.Retention = .weak,
          priority: Swift.Int = 0
        ) -> Multiplex.ObservationToken {
          self.\(raw: Naming.storage).add(observer, retention: retention, priority: priority)
        }

        \(raw: deliveringRegistration())/// Unregisters an observer. See `Multiplexer.remove(_:)`.
        \(raw: memberAccess)func remove(_ observer: \(raw: observer)) {
          self.\(raw: Naming.storage).remove(observer)
        }

        /// Unregisters an observer and waits for calls in flight on other threads.
        ///
        /// See `Multiplexer.removeAndWait(_:)`, including its deadlock caveat.
        @available(*, noasync, message: "Waiting blocks the thread; call remove(_:) from asynchronous code.")
        \(raw: memberAccess)func removeAndWait(_ observer: \(raw: observer)) {
          self.\(raw: Naming.storage).removeAndWait(observer)
        }

        /// Whether `observer` is registered and alive.
        \(raw: memberAccess)func contains(_ observer: \(raw: observer)) -> Swift.Bool {
          self.\(raw: Naming.storage).contains(observer)
        }

        /// The number of registered observers that are alive.
        \(raw: memberAccess)var count: Swift.Int {
          self.\(raw: Naming.storage).count
        }

        /// Whether no registered observer is alive.
        \(raw: memberAccess)var isEmpty: Swift.Bool {
          self.\(raw: Naming.storage).isEmpty
        }

        /// The registered observers that are alive, in call order.
        \(raw: memberAccess)var observers: [\(raw: observer)] {
          self.\(raw: Naming.storage).observers
        }

        \(raw: indented(members.joined(separator: "\n\n"), 2))
      }
      """
  }

  /// The member that forwards `requirement` to the observers.
  private func forwardingMember(_ requirement: Requirement) -> String {
    let modifiers = memberAccess + (requirement.isNonisolated ? "nonisolated " : "")
    let attributeText = attributes(requirement.forwardedAttributes)
    switch requirement.shape {
    case .method(_, let signature, _, _):
      let body: String
      switch requirement.result {
      case .void:
        body =
          postingBody(requirement)
          ?? "\(effectPrefix(requirement))self.\(Naming.storage).notify \(observerClosure(requirement, returnType: "Swift.Void"))"
      case .value(_, let valueType, _):
        body = combiningBody(requirement, type: valueType)
      }
      return """
        \(attributeText)\(modifiers)\(signature.description) {
          \(indented(body, 2))
        }
        """
    case .property(let name, let type, let isSettable, let getterEffects):
      let effects = getterEffects.map { " " + $0.description } ?? ""
      // A property's result is a value (a `Void` property is diagnosed).
      var valueType = type
      if case .value(_, let type, _) = requirement.result { valueType = type }
      var accessors = """
        get\(effects) {
          \(indented(combiningBody(requirement, type: valueType), 2))
        }
        """
      if isSettable {
        accessors += """

          set {
            self.\(Naming.storage).notify {
              $0.\(name) = newValue
            }
          }
          """
      }
      return """
        \(attributeText)\(modifiers)var \(name): \(type.description) {
          \(indented(accessors, 2))
        }
        """
    case .subscript(_, let signature, let arguments, let isSettable, let getterEffects):
      let effects = getterEffects.map { " " + $0.description } ?? ""
      var valueType = signature.returnClause.type
      if case .value(_, let type, _) = requirement.result { valueType = type }
      var accessors = """
        get\(effects) {
          \(indented(combiningBody(requirement, type: valueType), 2))
        }
        """
      if isSettable {
        let observer = Naming.fresh("observer", avoiding: requirement.reservedNames)
        accessors += """

          set {
            self.\(Naming.storage).notify { \(observer) in
              \(observer)[\(argumentList(arguments))] = newValue
            }
          }
          """
      }
      return """
        \(attributeText)\(modifiers)\(signature.description) {
          \(indented(accessors, 2))
        }
        """
    }
  }

  // MARK: The combining protocol

  func combiningProtocol() -> DeclSyntax {
    var methods: [String] = []
    for requirement in model.requirements {
      guard case .value(_, let valueType, _) = requirement.result else { continue }
      methods.append(combiningMethod(requirement, type: valueType))
    }
    let inheritance = model.isSendable ? "AnyObject, Sendable" : "AnyObject"
    let body = methods.isEmpty ? "\n" : "\n  " + indented(methods.joined(separator: "\n\n"), 2) + "\n"
    return """
      /// Combines the observers' answers to the calls of a `\(raw: model.multiplexerName)` that return a value.
      ///
      /// Set an object conforming to it as the multiplexer's `combiner`. Each method receives the responses of
      /// the observers that implement the requirement, lazily and in call order, with the observer that gave each
      /// one, and the requirement's default value. Every method is optional: the default implementation returns
      /// the first response's value (the policy used when no combiner is set).
      @\(raw: Naming.combiningMacro)
      \(raw: typeAttributes)\(raw: typeAccess)protocol \(raw: model.combiningName): \(raw: inheritance) {\(raw: body)}
      """
  }

  /// `func scrollViewDelegateMultiplexer(_:combineViewForZoomingIn:default:)`.
  private func combiningMethod(_ requirement: Requirement, type: TypeSyntax) -> String {
    let (genericClause, whereClause, type) = combiningSignature(requirement, type: type)
    let responses = "Multiplex.Responses<\(model.qualifiedObserverType), \(type.description)>"
    return """
      /// Combines the answers to `\(requirement.displayName)`.
      \(attributes(requirement.availability))func \(model.combiningBaseName)\(genericClause)(
        _ multiplexer: \(model.qualifiedMultiplexerName),
        \(requirement.combiningLabel) responses: inout \(responses),
        default defaultValue: \(type.description)
      ) -> \(type.description)\(whereClause)
      """
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
    type: TypeSyntax
  ) -> (generics: String, whereClause: String, type: TypeSyntax) {
    let clause = requirement.genericParameters
    let allNames = Set(clause?.parameters.map(\.name.text) ?? [])
    let qualifier = TypeAliasQualifier(
      aliases: model.typeAliases.filter { !allNames.contains($0.key) },
      protocolType: model.qualifier + model.name
    )
    guard let clause else { return ("", "", qualifier.rewrite(type).cast(TypeSyntax.self)) }

    let direct = TypeReferences(type).directNames.intersection(allNames)
    // A new generic parameter must not hide a type the signature names (`Element` in `C.Element` is no such type).
    var taken = allNames.union(TypeReferences(clause).allNames).union(TypeReferences(type).allNames)
    if let whereClause = requirement.genericWhereClause { taken.formUnion(TypeReferences(whereClause).allNames) }
    var substitutions: [String: String] = [:]
    var introduced: [String] = []
    for path in TypeReferences(type).memberPaths where allNames.subtracting(direct).contains(path.root) {
      guard substitutions[path.text] == nil else { continue }
      let fresh = Naming.fresh(path.member, avoiding: taken)
      taken.insert(fresh)
      substitutions[path.text] = fresh
      introduced.append(fresh)
    }
    let substituter = MemberPathSubstituter(substitutions)
    func rewritten(_ node: some SyntaxProtocol) -> Syntax { qualifier.rewrite(substituter.rewrite(node)) }
    let valueType = rewritten(type).cast(TypeSyntax.self)
    guard !direct.isEmpty || !introduced.isEmpty else { return ("", "", valueType) }

    var parameters: [String] = []
    for parameter in clause.parameters where direct.contains(parameter.name.text) {
      var text = (parameter.specifier.map { $0.text + " " } ?? "") + parameter.name.text
      if let inherited = parameter.inheritedType {
        let constraint = rewritten(inherited)
        if TypeReferences(constraint).allNames.intersection(allNames).isSubset(of: direct) {
          text += ": " + constraint.trimmedDescription
        }
      }
      parameters.append(text)
    }
    parameters.append(contentsOf: introduced)
    var requirements: [String] = []
    for item in requirement.genericWhereClause?.requirements ?? [] {
      let constraint = rewritten(item.requirement)
      let names = TypeReferences(constraint).allNames
      let original = names.intersection(allNames)
      let new = names.intersection(introduced)
      guard original.isSubset(of: direct), !original.isEmpty || !new.isEmpty else { continue }
      // `Element == Int` would make an introduced parameter non-generic (a warning): leave it to inference.
      if let sameType = constraint.as(SameTypeRequirementSyntax.self),
        [sameType.leftType.trimmedDescription, sameType.rightType.trimmedDescription].contains(
          where: introduced.contains
        )
      {
        continue
      }
      requirements.append(constraint.trimmedDescription)
    }
    let whereText = requirements.isEmpty ? "" : " where " + requirements.joined(separator: ", ")
    return ("<" + parameters.joined(separator: ", ") + ">", whereText, valueType)
  }

  // MARK: Default implementations

  /// `extension P { … }` with a default implementation of every requirement that is not required.
  func defaultImplementations(extending type: TypeSyntax) -> ExtensionDeclSyntax? {
    var members: [String] = []
    for requirement in model.requirements where !requirement.isRequired {
      members.append(defaultImplementation(requirement))
    }
    guard !members.isEmpty else { return nil }
    let availability = model.availability.map { $0.description + "\n" }.joined()
    let decl: DeclSyntax = """
      \(raw: availability)extension \(type) {
        \(raw: indented(members.joined(separator: "\n\n"), 2))
      }
      """
    return decl.as(ExtensionDeclSyntax.self)
  }

  private func defaultImplementation(_ requirement: Requirement) -> String {
    let modifiers = memberAccess + (requirement.isNonisolated ? "nonisolated " : "")
    let attributeText = attributes(requirement.availability)
    let notImplemented =
      "Multiplex.notImplemented(by: self, returning: \(requirement.defaultValue?.description ?? "nil"))"
    switch requirement.shape {
    case .method(let signature, _, _, _):
      if case .void = requirement.result {
        return "\(attributeText)\(modifiers)\(signature.description) {\n}"
      }
      return """
        \(attributeText)\(modifiers)\(signature.description) {
          \(notImplemented)
        }
        """
    case .property(let name, let type, let isSettable, let getterEffects):
      let effects = getterEffects.map { " " + $0.description } ?? ""
      let setter = isSettable ? "\n  set {\n  }" : ""
      return """
        \(attributeText)\(modifiers)var \(name): \(type.description) {
          get\(effects) {
            \(notImplemented)
          }\(setter)
        }
        """
    case .subscript(let signature, _, _, let isSettable, let getterEffects):
      let effects = getterEffects.map { " " + $0.description } ?? ""
      let setter = isSettable ? "\n  set {\n  }" : ""
      return """
        \(attributeText)\(modifiers)\(signature.description) {
          get\(effects) {
            \(notImplemented)
          }\(setter)
        }
        """
    }
  }
}

/// The type names a type or a generic requirement refers to.
private final class TypeReferences: SyntaxVisitor {
  /// A member type rooted in a plain name, as long as it goes: `C.Element.Index`.
  struct MemberPath {
    /// `C`.
    let root: String
    /// `Index`.
    let member: String
    /// `C.Element.Index`.
    let text: String
  }

  /// Every name a type is spelled from (`C` and `Int` in `[C.Element: Int]`, not `Element`).
  private(set) var allNames: Set<String> = []
  /// The names used as types themselves, not as the base of a member type (`Int`, not `C`, in
  /// `[C.Element: Int]`): those a call can infer.
  private(set) var directNames: Set<String> = []
  /// The longest member types rooted in a name, in source order.
  private(set) var memberPaths: [MemberPath] = []

  init(_ node: some SyntaxProtocol) {
    super.init(viewMode: .sourceAccurate)
    walk(node)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    allNames.insert(node.name.text)
    if node.parent?.as(MemberTypeSyntax.self)?.baseType.id != node.id { directNames.insert(node.name.text) }
    return .visitChildren
  }

  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    let isLongest = node.parent?.as(MemberTypeSyntax.self)?.baseType.id != node.id
    var base = node.baseType
    while let member = base.as(MemberTypeSyntax.self) { base = member.baseType }
    if isLongest, let root = base.as(IdentifierTypeSyntax.self) {
      memberPaths.append(MemberPath(root: root.name.text, member: node.name.text, text: node.trimmedDescription))
    }
    return .visitChildren
  }
}

/// Replaces member types by generic parameters: `C.Element` → `Element`.
private final class MemberPathSubstituter: SyntaxRewriter {
  let substitutions: [String: String]

  init(_ substitutions: [String: String]) {
    self.substitutions = substitutions
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: MemberTypeSyntax) -> TypeSyntax {
    guard let name = substitutions[node.trimmedDescription] else { return super.visit(node) }
    return TypeSyntax(IdentifierTypeSyntax(name: .identifier(name))).with(\.leadingTrivia, node.leadingTrivia)
      .with(\.trailingTrivia, node.trailingTrivia)
  }
}

/// Names the protocol's type aliases from outside the protocol: `Score` → `Delegate.Score`. Swift does not let a
/// generic type alias be named through a protocol: `Handler<Int>` is spelled out instead (`((Int) -> Void)`).
private final class TypeAliasQualifier: SyntaxRewriter {
  let aliases: [String: TypeAliasDeclSyntax]
  let protocolType: String
  /// How many generic aliases are being spelled out, to stop on an alias that refers to itself.
  private var depth = 0

  init(aliases: [String: TypeAliasDeclSyntax], protocolType: String) {
    self.aliases = aliases
    self.protocolType = protocolType
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard let alias = aliases[node.name.text] else { return super.visit(node) }
    let arguments = node.genericArgumentClause.map { rewrite($0).cast(GenericArgumentClauseSyntax.self) }
    let replacement: TypeSyntax
    if let parameters = alias.genericParameterClause?.parameters, let arguments = arguments?.arguments,
      parameters.count == arguments.count, depth < 8
    {
      var substitutions: [String: TypeSyntax] = [:]
      for (parameter, argument) in zip(parameters, arguments) {
        guard let type = argument.argument.as(TypeSyntax.self) else { return super.visit(node) }
        substitutions[parameter.name.text] = Self.parenthesized(type.trimmed)
      }
      depth += 1
      let spelled = rewrite(GenericSubstituter(substitutions).rewrite(alias.initializer.value.trimmed))
      depth -= 1
      replacement = Self.parenthesized(spelled.cast(TypeSyntax.self))
    } else {
      replacement = TypeSyntax(
        MemberTypeSyntax(
          baseType: TypeSyntax(stringLiteral: protocolType),
          name: node.name.trimmed,
          genericArgumentClause: arguments
        )
      )
    }
    return replacement.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }

  /// `type`, in parentheses if it could bind differently where it is substituted (`(Int) -> Void` in `T?`).
  static func parenthesized(_ type: TypeSyntax) -> TypeSyntax {
    guard
      type.is(FunctionTypeSyntax.self) || type.is(CompositionTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self)
        || type.is(AttributedTypeSyntax.self)
    else { return type }
    return TypeSyntax(TupleTypeSyntax(elements: [TupleTypeElementSyntax(type: type)]))
  }
}

/// Replaces generic parameters by types: `T` → `Int`.
private final class GenericSubstituter: SyntaxRewriter {
  let substitutions: [String: TypeSyntax]

  init(_ substitutions: [String: TypeSyntax]) {
    self.substitutions = substitutions
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    // Only a root: `T.Element` keeps its member, `Element` in it is no generic parameter.
    guard let type = substitutions[node.name.text], node.genericArgumentClause == nil else { return super.visit(node) }
    return type.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }
}

// MARK: Typed event streams

extension Generator {
  /// One case of the `Event` enum and the tap member that yields it.
  struct EventCase {
    /// The requirement the case records.
    let requirement: Requirement
    /// `scrollViewDidScroll`, unique in the enum.
    var name: String
    /// `_ scrollView: ScrollView` for each stored argument, or the setter's value type.
    let payload: [(label: String?, type: String)]
    /// `scrollView, velocity: velocity`: the case's arguments, built from the tap's parameters.
    let values: String
    /// Whether the case comes from a property's setter.
    let isSetter: Bool
  }

  /// The name of the generated enum and of the tap class, which must not hide a type the protocol names.
  static var eventTypeName: String { "Event" }
  static var eventTapName: String { "_EventTap" }

  /// The cases of `Event`, or `nil` when the protocol gets no event stream: a requirement that observers must
  /// implement (the tap could not conform without answering), a nonisolated `Sendable` protocol (its tap would
  /// have to be `Sendable`, which the arguments may not be), or a protocol that names `Event`, `_EventTap` or
  /// `events`.
  var eventCases: [EventCase]? {
    if model.isSendable && model.isolation == nil { return nil }
    if model.typeAliases.keys.contains(Self.eventTypeName) { return nil }
    var cases: [EventCase] = []
    for requirement in model.requirements {
      if requirement.isRequired { return nil }
      if mentionsReservedEventName(requirement) { return nil }
      // An enum case with associated values cannot be potentially unavailable: a requirement with its own
      // `@available` is left out (the multiplexer's, copied from the protocol, covers the whole enum).
      guard requirement.availability.isEmpty else { continue }
      switch requirement.shape {
      case .method(let signature, _, let name, let arguments):
        if Naming.bareName(name) == "events" { return nil }
        guard requirement.genericParameters == nil else { continue }
        var payload: [(label: String?, type: String)] = []
        var storable = true
        for (parameter, argument) in zip(signature.signature.parameterClause.parameters, arguments) {
          guard let type = storedType(parameter) else {
            storable = false
            break
          }
          payload.append((argument.label.map(Naming.argumentLabel), type))
        }
        guard storable else { continue }
        let values = arguments.map { argument in
          (argument.label.map { Naming.argumentLabel($0) + ": " } ?? "") + argument.name
        }
        cases.append(
          EventCase(
            requirement: requirement,
            name: name,
            payload: payload,
            values: values.joined(separator: ", "),
            isSetter: false
          )
        )
      case .property(let name, let type, let isSettable, _):
        if Naming.bareName(name) == "events" { return nil }
        guard isSettable else { continue }
        cases.append(
          EventCase(
            requirement: requirement,
            name: "set" + Naming.upperCamelCase(Naming.bareName(name)),
            payload: [(nil, type.trimmedDescription)],
            values: "newValue",
            isSetter: true
          )
        )
      case .subscript:
        // A subscript's setter is left out: its event would need the index and the value.
        continue
      }
    }
    // Overloads share a base name: the later ones take their labels (`didScrollIn`), then a number.
    var taken: Set<String> = []
    let counts = Dictionary(cases.map { ($0.name, 1) }, uniquingKeysWith: +)
    let natural = Set(cases.map(\.name))
    for index in cases.indices {
      var candidate = cases[index].name
      if counts[candidate, default: 0] > 1, case .method(let signature, _, _, _) = cases[index].requirement.shape {
        candidate = Naming.bareName(candidate)
        for parameter in signature.signature.parameterClause.parameters where parameter.firstName.tokenKind != .wildcard
        {
          candidate += Naming.upperCamelCase(Naming.bare(parameter.firstName))
        }
      }
      var unique = candidate
      var suffix = 2
      while taken.contains(unique) || (unique != cases[index].name && natural.contains(unique)) {
        unique = candidate + String(suffix)
        suffix += 1
      }
      taken.insert(unique)
      cases[index].name = unique
    }
    return cases
  }

  /// Whether the requirement's signature or default value names `Event` or `_EventTap`, which the nested
  /// declarations would hide inside the multiplexer.
  private func mentionsReservedEventName(_ requirement: Requirement) -> Bool {
    let reserved: Set<String> = [Self.eventTypeName, Self.eventTapName]
    var nodes: [Syntax] = []
    switch requirement.shape {
    case .method(let signature, _, _, _): nodes.append(Syntax(signature))
    case .property(_, let type, _, _): nodes.append(Syntax(type))
    case .subscript(let signature, _, _, _, _): nodes.append(Syntax(signature))
    }
    if let defaultValue = requirement.defaultValue { nodes.append(Syntax(defaultValue)) }
    return nodes.contains { node in
      node.tokens(viewMode: .sourceAccurate).contains { reserved.contains($0.identifier?.name ?? $0.text) }
    }
  }

  /// The type an `Event` case stores for `parameter`, or `nil` when its value cannot be stored: a closure that is
  /// not `@escaping`, an `@autoclosure`, an `inout`, `borrowing`, `consuming` or `isolated` parameter, a variadic
  /// one, a parameter pack, or an opaque `some` type. `sending` and `@escaping` are dropped.
  private func storedType(_ parameter: FunctionParameterSyntax) -> String? {
    if parameter.ellipsis != nil { return nil }
    var type = parameter.type
    if type.is(PackExpansionTypeSyntax.self) { return nil }
    // A parameter whose type may be noncopyable (one passed without an ownership specifier is copyable): the
    // macro cannot see whether the type is, and storing a noncopyable value in the enum would not compile.
    for keyword in [Keyword.inout, .borrowing, .consuming, .isolated, .__shared, .__owned] {
      if Requirement.hasSpecifier(keyword, type) { return nil }
    }
    if Requirement.hasAttribute("autoclosure", type) { return nil }
    let isEscaping = Requirement.hasAttribute("escaping", type)
    type = Requirement.removingSpecifier(.sending, from: type)
    if let attributed = type.as(AttributedTypeSyntax.self) {
      let kept = attributed.attributes.filter { element in
        guard case .attribute(let attribute) = element else { return true }
        return Naming.attributeName(attribute) != "escaping"
      }
      if kept.isEmpty && attributed.specifiers.isEmpty {
        type = attributed.baseType
      } else {
        type = TypeSyntax(attributed.with(\.attributes, AttributeListSyntax(Array(kept))))
      }
    }
    // A function type, bare or attributed, is a non-escaping closure unless marked `@escaping`.
    var base = type
    if let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
    while let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
      base = only.type
    }
    if base.is(FunctionTypeSyntax.self) && !isEscaping { return nil }
    // `some P` makes the requirement generic.
    if type.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.some) }) { return nil }
    // A protocol type alias for a closure type is a non-escaping closure too.
    for token in type.tokens(viewMode: .sourceAccurate) {
      if let alias = model.typeAliases[token.text],
        alias.initializer.value.is(FunctionTypeSyntax.self)
          || alias
            .initializer.value.as(AttributedTypeSyntax.self)?.baseType.is(FunctionTypeSyntax.self) == true,
        !isEscaping
      {
        return nil
      }
    }
    return type.trimmedDescription
  }

  /// `Event`, the tap and `events(bufferingPolicy:)`, as members of the multiplexer; `nil` when the protocol gets
  /// no event stream (see ``eventCases``).
  func eventMembers() -> String? {
    guard let cases = eventCases else { return nil }
    let event = Self.eventTypeName
    let tap = Self.eventTapName
    let caseLines = cases.map { eventCase -> String in
      let payload = eventCase.payload.map { ($0.label.map { $0 + ": " } ?? "") + $0.type }
      let documentation =
        eventCase.isSetter
        ? "/// `\(eventCase.requirement.displayName)` was set."
        : "/// `\(eventCase.requirement.displayName)` was called."
      return documentation + "\n" + "case "
        + eventCase.name + (payload.isEmpty ? "" : "(" + payload.joined(separator: ", ") + ")")
    }
    let enumBody = caseLines.isEmpty ? "" : "\n  " + indented(caseLines.joined(separator: "\n\n"), 2) + "\n"
    let tapMembers = cases.map(tapMember)
    let tapBody =
      ([
        """
        let continuation: Swift.AsyncStream<\(event)>.Continuation

        init(_ continuation: Swift.AsyncStream<\(event)>.Continuation) {
          self.continuation = continuation
        }

        deinit {
          self.continuation.finish()
        }
        """
      ] + tapMembers).joined(separator: "\n\n")
    return """
      /// A call made to the multiplexer, as `events(bufferingPolicy:)` reports it: one case per method whose
      /// arguments can be stored, with those arguments, and one per property setter.
      \(memberAccess)enum \(event) {\(enumBody)}

      /// The observer behind `events(bufferingPolicy:)`: it yields every call, and answers none that returns a
      /// value (it keeps the default implementations' answer), so it changes no combined result.
      \(typeAttributes)private final class \(tap): \(model.name) {
        \(indented(tapBody, 2))
      }

      /// The calls made to this multiplexer, as they are dispatched, until the multiplexer is deallocated.
      ///
      /// Each call registers an observer, held strongly, that yields an `Event` per call in dispatch order, in its
      /// place among the observers (after those already registered). Any number of streams can be taken at once.
      /// The stream finishes when the multiplexer is deallocated; when the consuming task is cancelled or the
      /// stream is otherwise terminated, the observer is unregistered. Calls are buffered with
      /// `bufferingPolicy`: `.unbounded` keeps every event until it is read; `.bufferingOldest(n)` and
      /// `.bufferingNewest(n)` keep at most `n` unread events, dropping the newest or the oldest.
      \(memberAccess)func events(
        bufferingPolicy: Swift.AsyncStream<\(event)>.Continuation.BufferingPolicy = .unbounded
      ) -> Swift.AsyncStream<\(event)> {
        let (stream, continuation) = Swift.AsyncStream.makeStream(of: \(event).self, bufferingPolicy: bufferingPolicy)
        let token = self.\(Naming.storage).add(\(tap)(continuation), retention: .strong)
        continuation.onTermination = { _ in
          token.cancel()
        }
        return stream
      }
      """
  }

  /// The tap's implementation of one requirement: yield the event, answer like the default implementation.
  private func tapMember(_ eventCase: EventCase) -> String {
    let requirement = eventCase.requirement
    let modifiers = requirement.isNonisolated ? "nonisolated " : ""
    let attributeText = attributes(requirement.forwardedAttributes)
    // `Multiplex._yieldEvent`: `yield` takes the event `sending`, which the compiler cannot prove of the arguments.
    let value = ".\(eventCase.name)\(eventCase.values.isEmpty ? "" : "(\(eventCase.values))")"
    let yield = "Multiplex._yieldEvent(\(value), to: self.continuation)"
    let notImplemented =
      "Multiplex.notImplemented(by: self, returning: \(requirement.defaultValue?.description ?? "nil"))"
    switch requirement.shape {
    case .method(let signature, _, _, _):
      let answer = requirement.returnsValue ? "\n  return " + notImplemented : ""
      return """
        \(attributeText)\(modifiers)\(signature.description) {
          \(yield)\(answer)
        }
        """
    case .property(let name, let type, _, _):
      return """
        \(attributeText)\(modifiers)var \(name): \(type.description) {
          get {
            \(notImplemented)
          }
          set {
            \(yield)
          }
        }
        """
    case .subscript:
      return ""
    }
  }
}

// MARK: Delivery contexts

extension Generator {
  /// Whether observers may be registered with a delivery context: the protocol refines `Sendable` (so its
  /// observers may be called on another thread) and has no global actor (an isolated multiplexer calls its
  /// observers on that actor).
  var supportsDeliveryContexts: Bool { model.isSendable && model.isolation == nil }

  /// `add(_:retention:priority:deliveringOn:)`, a blank line and the indentation of the next member, for a
  /// protocol that supports delivery contexts; empty otherwise.
  func deliveringRegistration() -> String {
    guard supportsDeliveryContexts else { return "" }
    let member = """
      /// Registers an observer that receives the calls that return nothing asynchronously, in `context`, in
      /// order.
      ///
      /// The forwarded calls whose arguments are `Sendable` are queued for it; calls that return a value, and
      /// those whose arguments are not `Sendable`, skip it. See `Multiplexer.add(_:retention:priority:deliveringOn:)`.
      @discardableResult
      \(memberAccess)func add(
        _ observer: \(model.observerType),
        retention: Multiplex.Retention = .weak,
        priority: Swift.Int = 0,
        deliveringOn context: Multiplex.DeliveryContext
      ) -> Multiplex.ObservationToken {
        self.\(Naming.storage).add(observer, retention: retention, priority: priority, deliveringOn: context)
      }
      """
    return indented(member, 2) + "\n\n  "
  }

  /// The body that forwards a `Void` method through `Multiplexer._post(_:_:)`, so that observers registered with
  /// a delivery context receive it there when its arguments are `Sendable` (the compiler picks the overload);
  /// `nil` when the protocol does not support delivery contexts or the call cannot be queued: `async`, throwing
  /// or generic methods, a requirement with its own global actor, and parameters whose values cannot be stored
  /// (the same rule as for event cases: `inout`, non-escaping closures, `borrowing`, packs, …).
  func postingBody(_ requirement: Requirement) -> String? {
    guard supportsDeliveryContexts, case .method(let signature, _, let name, let arguments) = requirement.shape else {
      return nil
    }
    guard !requirement.isAsync, requirement.throwsClause == nil, requirement.genericParameters == nil else {
      return nil
    }
    let plainAttributes: Set<String> = ["available", "discardableResult"]
    guard requirement.forwardedAttributes.allSatisfy({ plainAttributes.contains(Naming.attributeName($0)) }) else {
      return nil
    }
    for parameter in signature.signature.parameterClause.parameters where storedType(parameter) == nil {
      return nil
    }
    let observer = Naming.fresh("observer", avoiding: requirement.reservedNames)
    let packed: String
    let closureArguments: String
    let passed: [String]
    switch arguments.count {
    case 0:
      packed = "()"
      closureArguments = "_"
      passed = []
    case 1:
      packed = arguments[0].name
      closureArguments = arguments[0].name
      passed = [arguments[0].name]
    default:
      let tuple = Naming.fresh("arguments", avoiding: requirement.reservedNames.union([observer]))
      packed = "(" + arguments.map(\.name).joined(separator: ", ") + ")"
      closureArguments = tuple
      passed = arguments.indices.map { "\(tuple).\($0)" }
    }
    let call = zip(arguments, passed).map { argument, value in
      (argument.label.map { Naming.argumentLabel($0) + ": " } ?? "") + value
    }
    return """
      self.\(Naming.storage)._post(\(packed)) { \(observer), \(closureArguments) in
        \(observer).\(name)(\(call.joined(separator: ", ")))
      }
      """
  }
}
