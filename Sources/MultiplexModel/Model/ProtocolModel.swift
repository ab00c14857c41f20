/// What the generator reads from a protocol: its name, access level, isolation and availability, and each
/// requirement in a form ready to forward. Building it checks every shape; what cannot be forwarded becomes a
/// diagnostic, and a model with diagnostics generates nothing (so the generator never emits invalid code).
///
/// `@Multiplexed` builds it from the protocol it is attached to (`ProtocolModel.make(from:attribute:context:diagnostics:)` in `MultiplexSyntaxReader`);
/// `multiplex-generate` from a protocol declared in another module (`ExternalGenerator` in `MultiplexSymbolGraphReader`).
package struct ProtocolModel {
  /// Where the protocol comes from, which decides what is generated around the multiplexer.
  package enum Origin {
    /// A protocol `@Multiplexed` is attached to: the generator also makes its requirements optional (default
    /// implementations) and the combining protocol gets its defaults from `@_MultiplexedCombining`.
    case macro
    /// A protocol declared in another module (see ``ExternalProtocol``): its own extension supplies the default
    /// implementations, every observer responds, and the output is one self-contained source file.
    case external(ExternalOrigin)
  }

  /// What the generator knows about a protocol of another module besides its declaration.
  package struct ExternalOrigin {
    /// The module that declares the protocol, imported by the generated file.
    package var moduleName: String
    /// Whether the protocol refines `NSObjectProtocol`: the multiplexer then subclasses `NSObject`, which
    /// implements that protocol's requirements.
    package var refinesNSObjectProtocol: Bool
    /// Whether the protocol is `@objc`: the multiplexer then subclasses `NSObject`, forwards each optional
    /// requirement only to the observers that implement it, and answers `responds(to:)` for them.
    package var isObjC: Bool = false
    /// Whether the protocol's global actor comes from a parent it refines (a Swift library's refinement of
    /// `UITextViewDelegate` that does not restate `@MainActor`), which its module, compiled in the Swift 5 mode,
    /// may not apply to the protocol's own requirements: the multiplexer's conformance to it is then isolated
    /// (`@MainActor P`), as its conformance to `DelegateMultiplexing` is.
    package var hasInheritedIsolation: Bool = false
    /// The types the requirements name that are known to conform to `Sendable`, by their path as spelled
    /// (`URLSession`, `URLSessionWebSocketTask.CloseCode`, `Int64`, `Error`), or `nil` when that is not known (a
    /// protocol given as text). A nonisolated `Sendable` `@objc` protocol's `Event` is `Sendable`, with a case only
    /// for the requirements whose arguments are all `Sendable` by it (``SwiftType/isSendable(given:)``); without it,
    /// the protocol has no event stream.
    package var sendableTypes: Set<String>? = nil
    /// The `@available` attribute of the event stream (`Event`, its tap, `events()`, `events(of:)`) of a protocol
    /// that declares no version on the platform while all its requirements do (`@available(iOS 14.5, *)` for
    /// `WKDownloadDelegate`), or `nil`: its cases name types of that version.
    package var eventsAvailability: String? = nil
    /// Whether the protocol is class-bound. When it is not (a Swift library's `protocol P`, whose sender keeps its
    /// delegate as `AnyObject?` and casts it), the multiplexer's observers are `any P & AnyObject`: objects, held
    /// weakly as every observer is; a value of a type that is not a class cannot be added (the compiler says so).
    package var isClassBound = true

    package init(
      moduleName: String,
      refinesNSObjectProtocol: Bool,
      isObjC: Bool = false,
      hasInheritedIsolation: Bool = false
    ) {
      self.moduleName = moduleName
      self.refinesNSObjectProtocol = refinesNSObjectProtocol
      self.isObjC = isObjC
      self.hasInheritedIsolation = hasInheritedIsolation
    }
  }

  /// Where the protocol comes from.
  package let origin: Origin
  /// The protocol's name, as written.
  package let name: String
  /// The names of the types that enclose the protocol, outermost first, each followed by a dot (`Outer.`); empty
  /// at file scope. Generated extensions live at file scope and need it.
  package let qualifier: String
  /// The access modifier of the generated types (`public`, `package`, `fileprivate`, `private`), or `nil`.
  package let typeAccess: String?
  /// The access modifier of generated members (`public`, `package`), or `nil` for the default.
  package let memberAccess: String?
  /// `@available` attributes of the protocol, copied to every generated declaration.
  package let availability: [Attribute]
  /// The protocol's global actor attribute (`@MainActor`), copied to the generated types.
  package let isolation: Attribute?
  /// Whether the protocol refines `Sendable`; the combining protocol then does too.
  package let isSendable: Bool
  /// The `@Multiplexed` protocols it refines, as written (`Base`, `Outer.Base`, `OtherModule.Base`): the
  /// multiplexer forwards their requirements through the code their own expansion generated (see
  /// `Generator+Refinement`). Always empty for a protocol of another module, whose requirements come flattened.
  package var parents: [ParentProtocol] = []
  /// The requirements, in declaration order.
  package let requirements: [Requirement]
  /// The protocol's type aliases, by name. Conforming types see them unqualified; the combining protocol, which
  /// does not conform, must name them through the protocol, or spell out a generic one.
  package let typeAliases: [String: TypeAlias]

  /// The generated class: `ScrollViewDelegateMultiplexer` for the macro, the name the user chose for
  /// `multiplex-generate`.
  package let multiplexerName: String

  package init(
    origin: Origin,
    name: String,
    qualifier: String,
    typeAccess: String?,
    memberAccess: String?,
    availability: [Attribute],
    isolation: Attribute?,
    isSendable: Bool,
    parents: [ParentProtocol] = [],
    requirements: [Requirement],
    typeAliases: [String: TypeAlias],
    multiplexerName: String
  ) {
    self.origin = origin
    self.name = name
    self.qualifier = qualifier
    self.typeAccess = typeAccess
    self.memberAccess = memberAccess
    self.availability = availability
    self.isolation = isolation
    self.isSendable = isSendable
    self.parents = parents
    self.requirements = requirements
    self.typeAliases = typeAliases
    self.multiplexerName = multiplexerName
  }
  /// `ScrollViewDelegateMultiplexerForwarding`, the protocol that forwards this protocol's requirements for the
  /// multiplexer of a protocol that refines it.
  package var forwardingName: String { Naming.forwardingName(of: name) }
  /// `ScrollViewDelegateCombining`; for a protocol of another module nested in a type, its path without dots
  /// (`UITabBarControllerSidebarDelegateCombining`), since the generated file declares it at file scope.
  package var combiningName: String {
    (external == nil ? "" : qualifier.filter { $0 != "." }) + name + "Combining"
  }
  /// `any ScrollViewDelegate`; `any Outer.Delegate` for a protocol of another module nested in a type.
  /// `any P & AnyObject` for a protocol of another module that is not class-bound (``ExternalOrigin/isClassBound``).
  package var observerType: String { "any \(typeReference)" + objectConstraint }
  /// How the generated code names the protocol: its name, or for a protocol of another module nested in a type,
  /// its path (`UITabBarController.Sidebar.Delegate`), since the generated file declares everything at file scope.
  package var typeReference: String { external == nil ? name : qualifier + name }
  /// `any Outer.ScrollViewDelegate`, valid at file scope too.
  package var qualifiedObserverType: String { "any \(qualifier)\(name)" + objectConstraint }
  /// ` & AnyObject` when the observers of a protocol that is not class-bound must be objects, or nothing.
  private var objectConstraint: String { external?.isClassBound == false ? " & AnyObject" : "" }
  /// `Outer.ScrollViewDelegateMultiplexer`, valid at file scope too (the generator declares the class of another
  /// module's nested protocol at file scope, by its own name).
  package var qualifiedMultiplexerName: String { external == nil ? qualifier + multiplexerName : multiplexerName }
  /// `scrollViewDelegateMultiplexer`, the base name of every combining method.
  /// For another module's protocol, the generated class's name in lower camel case (`xmlParserDelegateMultiplexer`).
  package var combiningBaseName: String {
    external == nil ? Naming.lowerCamelCase(name) + "Multiplexer" : Naming.lowerCamelCase(multiplexerName)
  }
}

extension ProtocolModel {
  /// The external origin, or `nil` for a protocol `@Multiplexed` is attached to.
  package var external: ExternalOrigin? {
    if case .external(let origin) = origin { return origin }
    return nil
  }

  /// Whether some requirement answers, when no observer does, with the protocol's own default implementation,
  /// which the generated class reaches through a stub object (see ``Requirement/usesModuleDefault``).
  package var needsDefaultsStub: Bool { requirements.contains(where: \.usesModuleDefault) }

  /// Whether some requirement is a decision, forwarded to one observer only (see ``Requirement/isDecision``).
  package var hasDecisions: Bool { requirements.contains(where: \.isDecision) }
}
