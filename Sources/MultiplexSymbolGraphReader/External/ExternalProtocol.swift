package import MultiplexModel

/// What the generator knows about a protocol declared in another module: the input of ``ExternalGenerator``.
///
/// A front end (`multiplex-generate`) builds it from the module's symbol graph: the protocol's declaration
/// fragments, and those of its members, joined into Swift source text.
package struct ExternalProtocol: Sendable {
  /// One `protocol` declaration in Swift syntax, its members one per line.
  ///
  /// The requirements of the protocols it inherits are flattened in (after its own, in a deterministic order),
  /// except `NSObjectProtocol`'s, which `NSObject` implements. The inheritance clause names what the protocol
  /// refines, directly or not: `AnyObject` (or `NSObjectProtocol`) for a class-bound protocol, `Sendable` for a
  /// `Sendable` one, and the inherited protocols themselves, which the generated class conforms to through the
  /// protocol. Types are spelled as the symbol graph spells them, without module qualification.
  package var source: String
  /// The module that declares the protocol, which the generated file imports: `FoundationXML`.
  package var moduleName: String
  /// Whether the protocol is `@objc` (UIKit, AppKit, WebKit). `source` may spell `@objc` on the protocol and
  /// its members or not, and marks optional requirements `optional` (as symbol-graph fragments do) or leaves
  /// that to ``ExternalMember/isOptional``.
  package var isObjC: Bool
  /// One per member declaration of the protocol in `source`, in order.
  package var members: [ExternalMember]
  /// The other modules the generated file imports, sorted: those that declare the types `source` names, the
  /// protocols it flattens in and their default implementations (the symbol graph names each one's module).
  /// Never the protocol's own module, nor modules every Swift file imports implicitly (`Swift`, `_Concurrency`).
  package var importedModules: [String]
  /// Requirements of the protocol left out of `source`, each named with why (`'foo(_:)' (unavailable on iOS: no
  /// sender calls it there)`): the generated file lists them in a comment.
  package var omittedRequirements: [String] = []
  /// The Apple platform the module's symbol graph was made for (`iOS`, `macCatalyst`, `tvOS`, `macOS`…), or `nil` (Linux, or a graph that
  /// does not say). An `@objc` protocol's file compiles only there (`#if os(iOS)`): its requirements' availability
  /// and the types they name are that platform's, which another platform's SDK may not share (WebKit's
  /// `WKUIDelegate` names `UIViewController` on iOS).
  package var platform: String? = nil
  /// Whether the protocol comes from a library built from source (its graph locates it in a source file outside an
  /// SDK), rather than from an SDK's framework. Its file is guarded by `canImport(<Module>)` alone, not by the
  /// graph's platform (``platform``): the library's module exists on exactly the platforms the library is built
  /// for (Mac Catalyst, tvOS and visionOS included when it supports them).
  package var isBuiltFromSource = false
  /// Whether the protocol is class-bound, as its graph says (through a parent of any module, an `@objc` one
  /// included, which ``source``'s inheritance clause may not show); `nil` for a protocol given as text, whose
  /// inheritance clause then decides.
  package var isClassBound: Bool? = nil
  /// Whether the protocol's global actor attribute in ``source`` comes from a parent it refines, not from its own
  /// declaration, in a Swift module (see ``ProtocolModel/ExternalOrigin/hasInheritedIsolation``).
  package var hasInheritedIsolation = false
  /// For a protocol nested in a type, that type's path with a trailing dot (`UITabBarController.Sidebar.`), which
  /// the generated code names the protocol through (``source`` declares it by its own name); nothing otherwise.
  package var qualifier = ""
  /// The types the requirements name that the graphs say conform to `Sendable` (directly, through a superclass or a
  /// protocol that refines it, or as one of the standard library's `Sendable` types), by their path
  /// (`URLSessionWebSocketTask.CloseCode`); `nil` when not known (a protocol given as text). See
  /// ``ProtocolModel/ExternalOrigin/sendableTypes``.
  package var sendableTypes: Set<String>? = nil
  /// ``ProtocolModel/ExternalOrigin/eventsAvailability``.
  package var eventsAvailability: String? = nil

  package init(
    source: String,
    moduleName: String,
    isObjC: Bool = false,
    members: [ExternalMember],
    importedModules: [String] = []
  ) {
    self.source = source
    self.moduleName = moduleName
    self.isObjC = isObjC
    self.members = members
    self.importedModules = importedModules
  }
}

/// What the symbol graph says about one member of an ``ExternalProtocol``.
package struct ExternalMember: Sendable {
  /// Whether a Swift protocol extension implements the requirement (a default implementation). Observers may
  /// then leave it out, and when no observer is registered, the multiplexer answers what that implementation
  /// answers.
  package var hasDefaultImplementation: Bool
  /// Whether the requirement is `@objc optional`. A member whose declaration in ``ExternalProtocol/source``
  /// has the `optional` modifier is optional too.
  package var isOptional: Bool
  /// What the multiplexer returns when no observer answers, as a Swift expression (`UITableView.automaticDimension`),
  /// for a requirement returning a value that is not `Optional` and that no default implementation answers; `nil`
  /// for none. ``ExternalGenerator`` sets it from ``GenerationOptions/defaultValues``.
  package var defaultValue: String?
  /// The name that `--default` takes for the member, if it returns a value: its short name
  /// (`subscript(_:)`), or, when an overload shares it, the one with types (`subscript(_: Int) -> String`). Set
  /// by ``ExternalGenerator``, for the diagnostic that asks for a default value.
  var defaultName: String?
  /// Whether the requirement is decided once (`true`, `--decided-once`) or goes to every observer (`false`,
  /// `--every-observer`); `nil` for the rule of ``Requirement/isDecisionRequirement(_:)``. ``ExternalGenerator``
  /// sets it from ``GenerationOptions/decidedOnce`` and ``GenerationOptions/everyObserver``.
  package var isDecidedOnce: Bool? = nil
  /// The combining policy the user chose (`--combine`), or `nil`; set from ``GenerationOptions/combining``.
  package var combining: CombiningPolicy? = nil
  /// The Objective-C selector of an `@objc` requirement (`tableView:willSelectRowAtIndexPath:`), from its USR in
  /// the symbol graph; `nil` when unknown. The generated code names the selector with it
  /// (`NSSelectorFromString("tableView:willSelectRowAtIndexPath:")`), which is exact where `#selector` is not: two
  /// requirements may share a Swift name (WebKit's `webView(_:decidePolicyFor:decisionHandler:)`), and
  /// `#selector` of a requirement newer than the deployment target, or deprecated, is an error or a warning.
  package var objcSelector: String?
  /// Whether an `@objc` multiplexer's `Event` can have a case for the requirement: it is not deprecated, and is
  /// available on every deployment target the stream can have, or names only types that are
  /// (``PlatformAvailability/isEventCaseAvailable(_:protocol:namedTypes:)``). `true` when unknown (a protocol given
  /// as text).
  package var isEventCaseAvailable = true
  /// The protocol that declares the requirement (the protocol itself, or a parent whose requirements are flattened
  /// in), for the documented defaults (`DocumentedDefault`); `nil` when unknown.
  package var declaringProtocol: String? = nil
  /// Whether the protocol that declares the requirement is class-bound; `nil` when unknown (a protocol given as
  /// text, whose own inheritance clause then decides). A settable property or subscript of one that is not has a
  /// `mutating` setter (unless `nonmutating`), which the multiplexer calls through a variable.
  package var isDeclaredInClassBoundProtocol: Bool? = nil
  /// Where ``defaultValue`` comes from when the generator chose it (a documentation page, a convention); `nil` for
  /// the user's `--default` or none. ``ExternalGenerator`` sets it.
  var defaultNote: String? = nil
  /// Whether the multiplexer answers this optional `@objc` requirement with the answers it keeps, having none of its
  /// own (see ``Requirement/keepsAnswer``). ``ExternalGenerator`` sets it.
  var keepsAnswer = false
  /// Where ``combining`` comes from when the generator's data chose it; `nil` otherwise.
  var combiningNote: String? = nil

  package init(
    hasDefaultImplementation: Bool = false,
    isOptional: Bool = false,
    defaultValue: String? = nil,
    objcSelector: String? = nil
  ) {
    self.hasDefaultImplementation = hasDefaultImplementation
    self.isOptional = isOptional
    self.defaultValue = defaultValue
    self.objcSelector = objcSelector
  }
}
