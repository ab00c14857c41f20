package import MultiplexModel

/// Turns a ``ProtocolModel`` into source: the multiplexer class, the combining protocol, and, for the macro, the
/// default implementations that make requirements optional.
///
/// The emitters are split by concern: `Generator+Registration` (the class and its registration API),
/// `Generator+Forwarding` (one member per requirement), `Generator+CombiningProtocol`,
/// `Generator+DefaultImplementations`, `Generator+Events` (the typed event stream), `Generator+Delivery`
/// (delivery contexts) and `Generator+DefaultsStub` (answers of another module's default implementations).
package struct Generator {
  /// The protocol to generate for.
  package let model: ProtocolModel

  /// Whether the members are emitted for `extension P where Self: PMultiplexerForwarding`, the forwarders of a
  /// refining protocol's multiplexer (see `Generator+Refinement`), rather than for `PMultiplexer`.
  var isRefinementForwarder = false

  /// Where the protocol names each parent, by the parent's text (`Outer.Base`): the arguments of a
  /// `#sourceLocation` directive (`file: "/path/App.swift", line: 12`). The macro sets them, so that the compiler
  /// reports the check that a parent is `@Multiplexed` on the user's line (see `Generator+Refinement`).
  package var parentSourceLocations: [String: String] = [:]

  package init(model: ProtocolModel) {
    self.model = model
  }

  // MARK: Common pieces

  /// `public ` / `package ` / nothing, for members.
  var memberAccess: String { model.memberAccess.map { $0 + " " } ?? "" }

  /// `DelegateMultiplexing`, isolated like the protocol when it is actor-isolated (an isolated conformance), or
  /// `DelegateMultiplexingWithDelivery` (which offers the delivering `add`) when the forwarders post to delivery
  /// contexts.
  var delegateMultiplexingConformance: String {
    if let isolation = model.isolation { return "\(isolation.text) Multiplex.DelegateMultiplexing" }
    if supportsDeliveryContexts { return "Multiplex.DelegateMultiplexingWithDelivery" }
    return "Multiplex.DelegateMultiplexing"
  }

  /// The protocol as the generated classes conform to it: isolated (`@MainActor P`) when its global actor comes
  /// from a parent (``ProtocolModel/ExternalOrigin/hasInheritedIsolation``), the protocol's name otherwise.
  var protocolConformance: String {
    guard model.external?.hasInheritedIsolation == true, let isolation = model.isolation else {
      return model.typeReference
    }
    return isolation.text + " " + model.typeReference
  }

  /// `, Swift.CustomDebugStringConvertible` (isolated like the protocol), or nothing for an `NSObject` subclass,
  /// which overrides `NSObject`'s `debugDescription` instead.
  var debugDescriptionConformance: String {
    guard !subclassesNSObject else { return "" }
    if let isolation = model.isolation { return ", \(isolation.text) Swift.CustomDebugStringConvertible" }
    return ", Swift.CustomDebugStringConvertible"
  }

  /// Whether the class subclasses `NSObject`: for an `@objc` protocol, or one that refines `NSObjectProtocol`.
  var subclassesNSObject: Bool {
    model.external?.refinesNSObjectProtocol == true || isObjC
  }

  /// The protocol's global actor and availability, as a prefix for generated type declarations.
  var typeAttributes: String {
    var attributes = model.availability.map(\.text)
    if let isolation = model.isolation { attributes.insert(isolation.text, at: 0) }
    return attributes.map { $0 + "\n" }.joined()
  }

  /// `public ` / `package ` / `fileprivate ` / nothing, for types.
  var typeAccess: String { model.typeAccess.map { $0 + " " } ?? "" }

  /// `text` with every line but the first indented by `spaces`, for interpolation at that indentation.
  func indented(_ text: String, _ spaces: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
      .map { index, line in index == 0 || line.isEmpty ? String(line) : String(repeating: " ", count: spaces) + line }
      .joined(separator: "\n")
  }

  /// The attributes, on the line of the declaration they precede, as a person writes `@available(iOS 8.0, *) func …`;
  /// an attribute with a comment or a line break in it keeps a line of its own (a `//` would comment out the
  /// declaration).
  func attributes(_ list: [Attribute]) -> String {
    list.map { attribute in
      let text = attribute.text
      if text.containsText("//") || text.containsText("/*") || text.contains("\n") { return text + "\n" }
      return text + " "
    }.joined()
  }

  /// The `try`/`await` in front of a call to `requirement`.
  func effectPrefix(_ requirement: Requirement) -> String {
    (requirement.isThrowing ? "try " : "") + (requirement.isAsync ? "await " : "")
  }

  /// The name of a closure's observer parameter, one that hides none of the names the closure uses.
  ///
  /// Not `makeUniqueName`: a closure parameter spelled `$…` would name a property wrapper projection.
  func observerName(for requirement: Requirement) -> String {
    Naming.fresh("observer", avoiding: requirement.reservedNames)
  }

  /// The default value of `requirement`, as returned when no observer answers.
  func defaultValueText(_ requirement: Requirement) -> String {
    requirement.defaultValue?.text ?? "nil"
  }

  /// The answer of an implementation that does not respond (a default implementation, the event tap): it marks
  /// the call "not implemented" for the multiplexer and returns the default value.
  func notImplemented(_ requirement: Requirement) -> String {
    "Multiplex.notImplemented(by: self, returning: \(defaultValueText(requirement)))"
  }

  /// The runtime multiplexer: the class's storage, or, for a refining protocol's multiplexer, its `multiplexer`
  /// (a requirement of the forwarding protocol).
  var storage: String {
    isRefinementForwarder ? "self.multiplexer" : "self.\(Naming.storage)"
  }

  /// The type of the observers the runtime multiplexer holds: `any P`, or, for a refining protocol's
  /// multiplexer, `Self._Observer` (`any Refinement`).
  var storedObserverType: String {
    isRefinementForwarder ? "Self.\(Naming.forwardingObserver)" : model.observerType
  }

  /// `observer`, as an observer of the protocol: for a refining protocol's multiplexer, converted from its own
  /// observer type by the forwarding protocol's `_asP` (an `any Refinement` is an `any P`).
  func receiver(_ observer: String) -> String {
    isRefinementForwarder ? "Self.\(Naming.forwardingCast(of: model.name))(\(observer))" : observer
  }

  /// How one observer, named `receiver`, is called: `$0.viewForZooming(in: scrollView)`.
  func observerCall(_ requirement: Requirement, receiver: String) -> String {
    effectPrefix(requirement) + requirement.call(on: self.receiver(receiver))
  }

  /// The closure that calls one observer. With typed throws, the closure spells out its thrown type, which
  /// Swift 6 would otherwise infer as `any Error`.
  func observerClosure(_ requirement: Requirement, returnType: String) -> String {
    let observer = observerName(for: requirement)
    guard let thrownType = requirement.typedThrowsType else {
      // A subscript names its receiver: the formatter would write `$0 [index]`.
      if case .subscript = requirement.shape {
        return "{ \(observer) in\n  \(observerCall(requirement, receiver: observer))\n}"
      }
      return "{\n  \(observerCall(requirement, receiver: "$0"))\n}"
    }
    let effects = (requirement.isAsync ? "async " : "") + "throws(\(thrownType.description))"
    return "{ (\(observer): \(storedObserverType)) \(effects) -> \(returnType) in\n"
      + "  \(observerCall(requirement, receiver: observer))\n}"
  }
}
