import MultiplexModel

/// The typed event stream: `Event`, the tap observer that yields it, and `events(bufferingPolicy:)`.
extension Generator {
  /// One case of the `Event` enum and the tap member that yields it.
  struct EventCase {
    /// The requirement the case records.
    let requirement: Requirement
    /// Its index in the model's requirements.
    let index: Int
    /// `scrollViewDidScroll`, unique in the enum, without backticks.
    var name: String
    /// The label (as spelled) and type of each stored argument, or the setter's value type.
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
  /// implement (the tap could not conform without answering), a protocol that refines another (its tap could not
  /// implement the parent's requirements, which the macro cannot see), a nonisolated `Sendable` protocol (its tap would
  /// have to be `Sendable`, which the arguments may not be), or a protocol that names `Event`, `_EventTap` or
  /// `events`. For a protocol of another module, also when a requirement that records no event has no default
  /// implementation in the protocol's extension (observers must implement it; the tap implements it without
  /// responding, see `silentTapMember`). An `@objc` protocol's cases are ``objcEventCases``.
  var eventCases: [EventCase]? {
    // A refinement's tap would have to implement the parents' requirements, which the macro cannot see.
    if !model.parents.isEmpty { return nil }
    if model.typeAliases.keys.contains(Self.eventTypeName) { return nil }
    if isObjC { return objcEventCases }
    if model.isSendable && model.isolation == nil { return nil }
    var cases: [EventCase] = []
    var implemented: Set<Int> = []
    for (index, requirement) in model.requirements.enumerated() {
      if requirement.isRequired { return nil }
      if mentionsReservedEventName(requirement) { return nil }
      // An enum case with associated values cannot be potentially unavailable: a requirement with an `@available`
      // of its own is left out. One the protocol has too (PhotosUI's `picker(_:didFinishPicking:)`, as available
      // as `PHPickerViewControllerDelegate`) is not its own: the multiplexer's, copied from the protocol, covers
      // the whole enum.
      let protocolAvailability = Set(model.availability.map(\.text))
      guard requirement.availability.allSatisfy({ protocolAvailability.contains($0.text) }) else { continue }
      switch requirement.shape {
      case .method(_, _, let name, let arguments):
        if Naming.bareName(name) == "events" { return nil }
        if requirement.isDecision || requirement.isJoined {
          // Not an event: the tap implements it without responding (see `decisionTapMember`).
          implemented.insert(index)
          continue
        }
        guard requirement.genericParameters == nil else { continue }
        var payload: [(label: String?, type: String)] = []
        var storable = true
        for argument in arguments {
          guard let type = storedType(argument) else {
            storable = false
            break
          }
          payload.append((argument.label.map { Naming.identifier($0, in: .parameterLabel) }, type))
        }
        guard storable else { continue }
        let values = arguments.map { argument in
          argument.labelPrefix + Naming.identifier(argument.name, in: .expression)
        }
        implemented.insert(index)
        cases.append(
          EventCase(
            requirement: requirement,
            index: index,
            name: Naming.bareName(name),
            payload: payload,
            values: values.joined(separator: ", "),
            isSetter: false
          )
        )
      case .property(let name, let type, let isSettable, _):
        if Naming.bareName(name) == "events" { return nil }
        guard isSettable else { continue }
        implemented.insert(index)
        cases.append(
          EventCase(
            requirement: requirement,
            index: index,
            name: "set" + Naming.upperCamelCase(Naming.bareName(name)),
            payload: [(nil, type.description)],
            values: "newValue",
            isSetter: true
          )
        )
      case .subscript:
        // A subscript's setter is left out: its event would need the index and the value.
        continue
      }
    }
    if model.external != nil {
      for (index, requirement) in model.requirements.enumerated()
      where !implemented.contains(index) && !requirement.usesModuleDefault {
        return nil
      }
    }
    // Overloads share a base name: the later ones take their labels (`didScrollIn`), then a number.
    var taken: Set<String> = []
    let counts = Dictionary(cases.map { ($0.name, 1) }, uniquingKeysWith: +)
    let natural = Set(cases.map(\.name))
    for index in cases.indices {
      var candidate = cases[index].name
      if counts[candidate, default: 0] > 1 {
        candidate = Naming.bareName(candidate)
        for label in cases[index].requirement.arguments.compactMap(\.label) {
          candidate += Naming.upperCamelCase(Naming.bareName(label))
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

  /// Whether the requirement's signature or default value names `Event` or `_EventTap` unqualified, which the
  /// nested declarations would hide inside the multiplexer (a member type such as `Stream.Event` is not hidden).
  func mentionsReservedEventName(_ requirement: Requirement) -> Bool {
    let reserved: Set<String> = [Self.eventTypeName, Self.eventTapName]
    var types = requirement.arguments.map(\.type)
    var names = requirement.arguments.flatMap { [$0.label, $0.name].compactMap { $0 } }
    switch requirement.shape {
    case .method(_, _, let name, _): names.append(name)
    case .property(let name, let type, _, _):
      names.append(name)
      types.append(type)
    case .subscript: break
    }
    if case .value(let type, _, _) = requirement.result { types.append(type) }
    if let thrownType = requirement.typedThrowsType { types.append(thrownType) }
    for parameter in requirement.genericParameters ?? [] {
      names.append(parameter.name)
      types.append(contentsOf: parameter.inheritedType.map { [$0] } ?? [])
    }
    for genericRequirement in requirement.genericWhereClause ?? [] {
      types.append(contentsOf: genericRequirement.types)
    }
    // The names a type is looked up by: `Stream.Event` is `Stream`'s member, which the multiplexer's `Event` cannot
    // shadow (Foundation's `StreamDelegate`).
    names += TypeReferences(types).allNames
    names += requirement.defaultValue?.tokens ?? []
    return names.contains { reserved.contains(Naming.bareName($0)) }
  }

  /// The type an `Event` case stores for `argument`, or `nil` when its value cannot be stored (see
  /// ``SwiftType/eventPayloadType(isVariadic:closureAliases:)``; a protocol's type alias for a closure type is a
  /// closure too).
  func storedType(_ argument: Requirement.Argument) -> String? {
    let closureAliases = Set(model.typeAliases.values.filter(\.isFunctionType).map(\.name))
    return argument.type.eventPayloadType(isVariadic: argument.isVariadic, closureAliases: closureAliases)?.description
  }

  /// `Event`, the tap and `events(bufferingPolicy:)`, as members of the multiplexer; `nil` when the protocol gets
  /// no event stream (see ``eventCases``).
  func eventMembers() -> String? {
    if isObjC { return objcEventMembers() }
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
        + Naming.identifier(eventCase.name, in: .declaration)
        + (payload.isEmpty ? "" : "(" + payload.joined(separator: ", ") + ")")
    }
    let enumBody = caseLines.isEmpty ? "" : "\n  " + indented(caseLines.joined(separator: "\n\n"), 2) + "\n"
    let recorded = Set(cases.map(\.index))
    var tapMembers = cases.map(tapMember)
    var readsDefaults = cases.contains { tapAsksDefault($0.requirement) }
    for (index, requirement) in model.requirements.enumerated() where !recorded.contains(index) {
      if requirement.isDecision || requirement.isJoined {
        tapMembers.append(decisionTapMember(requirement))
      } else if model.external != nil {
        tapMembers.append(silentTapMember(requirement))
        readsDefaults = readsDefaults || tapAsksDefault(requirement)
      }
    }
    // The tap keeps a stub of the protocol's default implementations only when one of its answers asks them (see
    // `tapAnswer`): a stub allocated per stream and never read is waste.
    let tapDefaults =
      model.needsDefaultsStub && readsDefaults
      ? "\nlet \(Naming.defaultsStorage) = \(Naming.defaultsStubName)()" : ""
    let tapBody =
      ([
        """
        let continuation: Swift.AsyncStream<\(event)>.Continuation\(tapDefaults)

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
      /// value (it does not respond), so it changes no combined result.
      \(typeAttributes)private final class \(tap): \(model.external?.refinesNSObjectProtocol == true ? "Foundation.NSObject, " : "")\(protocolConformance) {
        \(indented(tapBody, 2))
      }

      /// The calls made to this multiplexer, as they are dispatched, until the multiplexer is deallocated.
      ///
      /// Each call registers a tap, held strongly, that yields an `Event` per call in dispatch order, in its place
      /// among the observers (after those already registered); taps are not observers: `count`, `observers` and
      /// `removeAll()` leave them out. Any number of streams can be taken at once. The stream finishes when the
      /// multiplexer is deallocated; when the consuming task is cancelled or the stream is otherwise terminated,
      /// the tap is unregistered. Calls are buffered with `bufferingPolicy`: `.unbounded` keeps every event until
      /// it is read; `.bufferingOldest(n)` and `.bufferingNewest(n)` keep at most `n` unread events, dropping the
      /// newest or the oldest.
      \(memberAccess)func events(bufferingPolicy: Swift.AsyncStream<\(event)>.Continuation.BufferingPolicy = .unbounded) -> Swift.AsyncStream<\(event)> {
        self.\(Naming.storage)._events(bufferingPolicy: bufferingPolicy) { \(tap)($0) }
      }
      """
  }

  /// The tap's implementation of a requirement of another module's protocol that records no event: it does not
  /// respond (a call returning a value is marked "not implemented") and does nothing else.
  ///
  /// Without it the tap would inherit the protocol's own default implementation, which, for the multiplexer,
  /// responds like any observer's (every observer of such a protocol responds): opening a stream would change what
  /// a call returns (the default's answer ahead of observers registered later, or combined with theirs) and run
  /// the default's side effects. A `@Multiplexed` protocol's tap needs none: its default implementations are the
  /// generated ones, which do not respond either.
  private func silentTapMember(_ requirement: Requirement) -> String {
    let modifiers = requirement.isNonisolated ? "nonisolated " : ""
    return implementation(
      requirement,
      heading: attributes(requirement.forwardedAttributes) + modifiers,
      answer: tapAnswer(requirement)
    )
  }

  /// What the tap answers to a call returning a value: it does not respond, so the value is never used. `nil` for
  /// an `Optional` result; otherwise the default value, which for a requirement the protocol's extension
  /// implements is a call of that implementation, with the requirement's effects (the only value of the type the
  /// tap has).
  func tapAnswer(_ requirement: Requirement) -> String {
    guard requirement.usesModuleDefault else { return notImplemented(requirement) }
    guard tapAsksDefault(requirement) else { return "Multiplex.notImplemented(by: self, returning: nil)" }
    return effectPrefix(requirement) + notImplemented(requirement)
  }

  /// Whether the tap's answer to `requirement` asks the protocol's default implementation (through the stub,
  /// `self._defaults`): for a requirement the protocol's extension implements whose result is not `Optional`.
  private func tapAsksDefault(_ requirement: Requirement) -> Bool {
    guard requirement.usesModuleDefault, case .value(_, _, let isOptional) = requirement.result else { return false }
    return !isOptional
  }

  /// The tap's implementation of one requirement: yield the event, answer like the default implementation.
  private func tapMember(_ eventCase: EventCase) -> String {
    let requirement = eventCase.requirement
    let modifiers = requirement.isNonisolated ? "nonisolated " : ""
    let attributeText = attributes(requirement.forwardedAttributes)
    // `Multiplex._yieldEvent`: `yield` takes the event `sending`, which the compiler cannot prove of the arguments.
    let value =
      ".\(Naming.identifier(eventCase.name, in: .member))\(eventCase.values.isEmpty ? "" : "(\(eventCase.values))")"
    let yield = "Multiplex._yieldEvent(\(value), to: self.continuation)"
    let notResponding = tapAnswer(requirement)
    switch requirement.shape {
    case .method(let signature, _, _, _):
      let answer = requirement.returnsValue ? "\n  return " + notResponding : ""
      return """
        \(attributeText)\(modifiers)\(signature) {
          \(yield)\(answer)
        }
        """
    case .property(let name, let type, _, _):
      return """
        \(attributeText)\(modifiers)var \(Naming.identifier(name, in: .declaration)): \(type.description) {
          get {
            \(notResponding)
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
