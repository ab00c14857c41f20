import MultiplexModel

/// The typed event stream of a multiplexer for an `@objc` protocol: `Event` and its `Kind`, the tap (an `NSObject`
/// that implements the reported requirements and answers `responds(to:)` for them), `events(bufferingPolicy:)` and
/// `events(of:bufferingPolicy:)`.
///
/// What differs from the Swift flavour (``eventMembers()``):
/// - Only `Void` methods are events: not one that returns a value (the tap would answer it), takes a handler
///   (someone must call it), takes an `inout` argument or a pointer (`targetContentOffset:`: it does not outlive
///   the call), is `async`, throws, is generic, is a decision or joined, or is a property (the tap would answer its
///   getter). A deprecated requirement gets no case either, nor one newer than the stream that names a type newer
///   than the stream or not known (an enum case with associated values cannot be potentially unavailable): see
///   `ExternalMember.isEventCaseAvailable`.
/// - A case is named after the delegate convention, without the sender: `tableView(_:didSelectRowAt:)` is
///   `.didSelectRowAt`, `scrollViewDidScroll(_:)` is `.didScroll` (see ``objcEventName(_:)``).
/// - The sender only calls an optional method its delegate says it implements: while a stream is open, the
///   multiplexer says it implements the optional requirements the stream reports (`_respondsToOptional(at:)`), and
///   has the sender ask again when a stream opens or the last stream reporting a requirement ends.
/// - A requirement whose mere implementation changes what the sender does (`SenderChangingRequirement`, e.g.
///   `textFieldDidEndEditing(_:reason:)`, called in place of `textFieldDidEndEditing(_:)`) keeps its case, but
///   `events()` leaves it out: only `events(of:)` naming it makes the multiplexer implement it.
extension Generator {
  /// `@available(iOS 14.5, *) ` before the stream's declarations when the protocol's requirements are all newer than
  /// the deployment floor though the protocol is not (``ProtocolModel/ExternalOrigin/eventsAvailability``), else
  /// nothing.
  private var eventsAttribute: String { model.external?.eventsAvailability.map { $0 + " " } ?? "" }

  /// The cases of an `@objc` protocol's `Event`, or `nil` when it gets no stream: a required requirement the tap
  /// could not implement without answering (a generic method returning a value, an `async` or throwing decision or
  /// `Void` method), a nonisolated `Sendable` protocol whose types' `Sendable` conformances are not known (see
  /// `Generator+SendableEvents`), or a protocol that names `Event`, `_EventTap` or `events` unqualified. A required
  /// method returning a value, property, subscript, decision or joined requirement does not stop the stream: the tap
  /// implements it without responding (`notRespondingTapMember(_:)`), so its answer is never combined and it never
  /// takes the decision.
  var objcEventCases: [EventCase]? {
    // A nonisolated `Sendable` protocol's tap is `Sendable`, and its events carry only what is known to be.
    if hasSendableEvents && model.external?.sendableTypes == nil { return nil }
    var cases: [EventCase] = []
    for (index, requirement) in model.requirements.enumerated() {
      if mentionsReservedEventName(requirement) { return nil }
      guard case .method(_, _, let name, let arguments) = requirement.shape else {
        if case .property(let name, _, _, _) = requirement.shape, Naming.bareName(name) == "events" { return nil }
        if isObjCRequired(requirement) && !isImplementableWithoutResponding(requirement) { return nil }
        continue
      }
      if Naming.bareName(name) == "events" { return nil }
      guard let payload = objcEventPayload(requirement),
        !hasSendableEvents || nonSendableArgumentTypes(requirement).isEmpty
      else {
        // The tap must implement a required requirement: silently when it is a `Void` call, without responding
        // when it is a decision or joined (`objcEventMembers`).
        if isObjCRequired(requirement) && !isSilentlyImplementable(requirement)
          && !isImplementableWithoutResponding(requirement)
        {
          return nil
        }
        continue
      }
      let values = arguments.map { argument in
        argument.labelPrefix + Naming.identifier(argument.name, in: .expression)
      }
      cases.append(
        EventCase(
          requirement: requirement,
          index: index,
          name: objcEventName(requirement),
          payload: payload,
          values: values.joined(separator: ", "),
          isSetter: false
        )
      )
    }
    // Two requirements with one short name take every label after the sender (`taskDidCompleteWithError`), then a
    // number. `kind` is the enum's property.
    let counts = Dictionary(cases.map { ($0.name, 1) }, uniquingKeysWith: +)
    var taken: Set<String> = ["kind"]
    for index in cases.indices {
      var candidate = cases[index].name
      if counts[candidate, default: 0] > 1 { candidate = objcEventName(cases[index].requirement, allLabels: true) }
      var unique = candidate
      var suffix = 2
      while taken.contains(unique) {
        unique = candidate + String(suffix)
        suffix += 1
      }
      taken.insert(unique)
      cases[index].name = unique
    }
    return cases
  }

  /// The payload of `requirement`'s case, or `nil` when it is no event (see the extension's discussion).
  private func objcEventPayload(_ requirement: Requirement) -> [(label: String?, type: String)]? {
    guard case .method = requirement.shape, case .void = requirement.result, !requirement.isDecision,
      !requirement.isJoined, !requirement.isAsync, requirement.throwing == nil, requirement.genericParameters == nil,
      requirement.isEventCaseAvailable
    else { return nil }
    var payload: [(label: String?, type: String)] = []
    for argument in requirement.arguments {
      let handlerOrPointer = argument.type.contains { type in
        if case .function = type { return true }
        if case .named(let name, _) = type { return name.hasPrefix("Unsafe") || name.hasPrefix("AutoreleasingUnsafe") }
        return false
      }
      guard !argument.isInout, !handlerOrPointer, let type = storedType(argument) else { return nil }
      payload.append((argument.label.map { Naming.identifier($0, in: .parameterLabel) }, type))
    }
    return payload
  }

  /// Whether `requirement` is a non-optional requirement of the `@objc` protocol: the sender calls it without
  /// asking `responds(to:)`, so every observer, the event tap too, implements it.
  private func isObjCRequired(_ requirement: Requirement) -> Bool { !requirement.isObjCOptional }

  /// Whether the tap can implement `requirement` by doing nothing: a `Void` method that is not a decision or
  /// joined (someone must call its handler), `async` or throwing.
  private func isSilentlyImplementable(_ requirement: Requirement) -> Bool {
    guard case .method = requirement.shape, case .void = requirement.result else { return false }
    return !requirement.isDecision && !requirement.isJoined && !requirement.isAsync && requirement.throwing == nil
  }

  /// Whether the tap can implement `requirement` without responding (`Multiplex.notImplemented`), so that the
  /// runtime passes its call on: a decision or a joined requirement, not `async` or throwing; a method that returns a
  /// value and is not generic, a property or a subscript (the multiplexer combines the answers of the observers that
  /// respond, and the tap's is never among them; a setter does nothing).
  private func isImplementableWithoutResponding(_ requirement: Requirement) -> Bool {
    guard case .method = requirement.shape else { return true }
    if requirement.isDecision || requirement.isJoined { return !requirement.isAsync && requirement.throwing == nil }
    return requirement.returnsValue && requirement.genericParameters == nil
  }

  /// The tap's implementation of a required requirement it records no event for and cannot implement by doing
  /// nothing: a decision or joined requirement (``decisionTapMember(_:)``), or a method returning a value, a property
  /// or a subscript, whose answer is a default implementation's (`Multiplex.notImplemented`), so that it is never
  /// combined.
  private func notRespondingTapMember(_ requirement: Requirement) -> String {
    if requirement.isDecision || requirement.isJoined { return decisionTapMember(requirement) }
    let modifiers = requirement.isNonisolated ? "nonisolated " : ""
    return implementation(
      requirement,
      heading: attributes(requirement.forwardedAttributes) + modifiers,
      answer: tapAnswer(requirement)
    )
  }

  /// The case name of a delegate method, without its sender: the first label after an unlabeled sender when the
  /// base name names it (`tableView(_:didSelectRowAt:)` → `didSelectRowAt`; every label when the first does not
  /// start with `did` or `will`, or with `allLabels`: `urlSession(_:task:didCompleteWithError:)` →
  /// `taskDidCompleteWithError`), else the base name without a leading sender name (`scrollViewDidScroll(_:)` →
  /// `didScroll`), else the base name. A sender name is a suffix of the first parameter's type name, ignoring case
  /// (`tableView` of `UITableView`, `locationManager` of `CLLocationManager`).
  func objcEventName(_ requirement: Requirement, allLabels: Bool = false) -> String {
    guard case .method(_, _, let name, let arguments) = requirement.shape else { return "" }
    let base = Naming.bareName(name)
    guard let sender = arguments.first, sender.label == nil else { return base }
    let typeName = sender.type.identifiers.first?.lowercased() ?? ""
    let namesSender = { (prefix: Substring) in
      !prefix.isEmpty && (typeName.hasSuffix(prefix.lowercased()) || prefix == Substring(sender.name))
    }
    let labels = arguments.dropFirst().compactMap(\.label).map(Naming.bareName)
    if namesSender(Substring(base)), let first = labels.first, arguments[1].label != nil {
      guard allLabels || !(first.hasPrefix("did") || first.hasPrefix("will")) else { return first }
      return first + labels.dropFirst().map(Naming.upperCamelCase).joined()
    }
    // The longest prefix ending before an uppercase letter that names the sender.
    for boundary in base.indices.reversed() where base[boundary].isUppercase {
      guard namesSender(base[..<boundary]) else { continue }
      let rest = base[boundary...]
      let short = rest.prefix(1).lowercased() + rest.dropFirst()
      guard allLabels else { return short }
      return short + labels.map(Naming.upperCamelCase).joined()
    }
    return base
  }

  /// `Event` with its `Kind`, the tap, `events(bufferingPolicy:)` and `events(of:bufferingPolicy:)`, as members of
  /// an `@objc` protocol's multiplexer; `nil` when the protocol gets no event stream (see ``objcEventCases``).
  func objcEventMembers() -> String? {
    guard let cases = objcEventCases else { return nil }
    let event = Self.eventTypeName
    let tap = Self.eventTapName
    let optionalSelectors = objcOptionalRequirements
    // A case's index in `_optionalSelectors` (a method has one selector), for an optional requirement.
    let selectorIndex = { (eventCase: EventCase) -> Int? in
      var index = 0
      for requirement in optionalSelectors {
        if requirement.displayName == eventCase.requirement.displayName
          && requirement.objcSelector == eventCase.requirement.objcSelector
        {
          return index
        }
        index += selectorExpressions(requirement).count
      }
      return nil
    }
    let caseNames = cases.map { Naming.identifier($0.name, in: .declaration) }
    let memberNames = cases.map { "." + Naming.identifier($0.name, in: .member) }
    let caseLines = cases.enumerated().map { offset, eventCase -> String in
      let payload = eventCase.payload.map { ($0.label.map { $0 + ": " } ?? "") + $0.type }
      let quiet = eventCase.requirement.changesSenderWhenImplemented.map { source in
        "\n///\n/// Not reported by `events()`: implementing it changes what the sender does, so the multiplexer says it"
          + " implements it\n/// only for `events(of:)` asking for it. " + source
      }
      return "/// `\(eventCase.requirement.displayName)` was called.\(quiet ?? "")\ncase \(caseNames[offset])"
        + (payload.isEmpty ? "" : "(" + payload.joined(separator: ", ") + ")")
    }
    // The kinds `events()` leaves out: implementing their requirement changes what the sender does.
    let quietKinds = cases.indices.filter { cases[$0].requirement.changesSenderWhenImplemented != nil }
      .map { memberNames[$0] }
    let allKinds =
      quietKinds.isEmpty
      ? "Swift.Set(\(event).Kind.allCases)"
      : "Swift.Set(\(event).Kind.allCases).subtracting([\(quietKinds.joined(separator: ", "))])"
    let quietNote =
      quietKinds.isEmpty
      ? ""
      : "\n///\n/// It leaves out \(quietKinds.map { "`\($0)`" }.joined(separator: ", ")): implementing their"
        + " requirements changes what the\n/// sender does (see each case); ask for them with `events(of:bufferingPolicy:)`."

    let kindCases = caseNames.map { "case " + $0 }
    let kindOf = memberNames.map { "case \($0): \($0)" }
    let indexed = cases.indices.compactMap { offset in selectorIndex(cases[offset]).map { (offset, $0) } }
    let fromIndex = indexed.map { "case \($0.1): self = \(memberNames[$0.0])" } + ["default: return nil"]
    let toIndex = cases.indices.map { offset in
      "case \(memberNames[offset]): \(selectorIndex(cases[offset]).map(String.init) ?? "nil")"
    }
    let kindBody =
      kindCases + [
        "",
        "/// The kind of the event at `index` in `_optionalSelectors`, if it is one.",
        "fileprivate init?(_optionalIndex index: Swift.Int) {",
        "  switch index {",
      ] + fromIndex.map { "  " + $0 } + [
        "  }",
        "}",
        "",
        "/// The index of this kind's requirement in `_optionalSelectors`; `nil` for a required requirement.",
        "fileprivate var _optionalIndex: Swift.Int? {",
        "  switch self {",
      ] + toIndex.map { "  " + $0 } + ["  }", "}"]
    let enumBody =
      (caseLines.isEmpty ? [] : [caseLines.joined(separator: "\n\n"), ""]) + [
        """
        /// The kind of an event: its case without arguments, to choose what `events(of:bufferingPolicy:)` reports.
        \(memberAccess)enum Kind: Swift.Hashable, Swift.Sendable, Swift.CaseIterable {
          \(indented(kindBody.joined(separator: "\n"), 2))
        }

        /// The kind of this event.
        \(memberAccess)var kind: Kind {
          switch self {
          \(indented(kindOf.joined(separator: "\n"), 2))
          }
        }
        """
      ]
    var tapMembers: [String] = []
    for (offset, eventCase) in cases.enumerated() {
      let requirement = eventCase.requirement
      guard case .method(let signature, _, _, _) = requirement.shape else { continue }
      let modifiers = requirement.isNonisolated ? "nonisolated " : ""
      let value = memberNames[offset] + (eventCase.values.isEmpty ? "" : "(\(eventCase.values))")
      // A required requirement is called whatever the tap answers to `responds(to:)`.
      let guardLine =
        isObjCRequired(requirement) ? "guard self.kinds.contains(\(memberNames[offset])) else { return }\n  " : ""
      // A `Sendable` event is yielded as is, so the compiler checks the crossing; another stays where it was made
      // (`_yieldEvent`'s discussion).
      let yield =
        hasSendableEvents
        ? "self.continuation.yield(\(value))" : "Multiplex._yieldEvent(\(value), to: self.continuation)"
      tapMembers.append(
        """
        \(attributes(requirement.forwardedAttributes))\(modifiers)\(signature) {
          \(guardLine)\(yield)
        }
        """
      )
    }
    let recorded = Set(cases.map(\.index))
    for (index, requirement) in model.requirements.enumerated()
    where isObjCRequired(requirement) && !recorded.contains(index) {
      if isImplementableWithoutResponding(requirement) {
        tapMembers.append(notRespondingTapMember(requirement))
        continue
      }
      guard case .method(let signature, _, _, _) = requirement.shape else { continue }
      let modifiers = requirement.isNonisolated ? "nonisolated " : ""
      tapMembers.append("\(attributes(requirement.forwardedAttributes))\(modifiers)\(signature) {}")
    }
    // The `Void` requirements of a `Sendable` stream left without a case: an argument is not known to be `Sendable`.
    let leftOut =
      hasSendableEvents
      ? model.requirements.enumerated().compactMap {
        index,
        requirement -> (requirement: Requirement, types: [String])? in
        guard !recorded.contains(index), objcEventPayload(requirement) != nil else { return nil }
        return (requirement, nonSendableArgumentTypes(requirement))
      } : []
    let nonisolated = model.isolation == nil ? "" : "nonisolated "
    let tapBody =
      ([
        """
        let continuation: Swift.AsyncStream<\(event)>.Continuation
        let kinds: Swift.Set<\(event).Kind>

        init(_ continuation: Swift.AsyncStream<\(event)>.Continuation, kinds: Swift.Set<\(event).Kind>) {
          self.continuation = continuation
          self.kinds = kinds
        }

        deinit {
          self.continuation.finish()
        }

        /// The index of each selector in `_optionalSelectors`, made once: the sender asks `responds(to:)` before
        /// every call of an optional requirement.
        \(nonisolated)private static let optionalIndices: [Selector: Swift.Int] = Swift.Dictionary(
          \(model.multiplexerName)._optionalSelectors.enumerated().map { ($0.element, $0.offset) },
          uniquingKeysWith: { first, _ in first }
        )

        /// Whether the tap implements `aSelector`: an optional requirement's only when the stream reports it.
        ///
        /// - Complexity: O(1).
        \(nonisolated)override func responds(to aSelector: Selector!) -> Swift.Bool {
          guard let aSelector, let index = Self.optionalIndices[aSelector] else {
            return super.responds(to: aSelector)
          }
          return \(event).Kind(_optionalIndex: index).map(self.kinds.contains) ?? false
        }
        """
      ] + tapMembers).joined(separator: "\n\n")
    // A main-actor multiplexer refreshes its answers on its actor when a stream ends (wherever that happens), a
    // `Sendable` one where it ends; one that is neither cannot be reached from there: its sender asks again at its
    // next call of a requirement nobody implements any more.
    let refreshesWhereItEnds =
      hasSendableEvents
      ? [",", "    streamingDidEnd: { [weak self] in", "      self?.refreshRespondsToSelector()", "    }"]
        .joined(separator: "\n") : ""
    let streamingDidEnd =
      model.isolation.map { isolation in
        [
          ",",
          "    streamingDidEnd: { [weak self] in",
          "      Swift.Task { \(isolation.text) [weak self] in",
          "        self?.refreshRespondsToSelector()",
          "      }",
          "    }",
        ].joined(separator: "\n")
      } ?? refreshesWhereItEnds
    return """
      /// A call made to the multiplexer, as `events(of:bufferingPolicy:)` reports it: one case per `Void` method
      /// whose arguments can be stored, with those arguments. A method that returns a value, takes a handler, an
      /// `inout` argument or a pointer, is `async` or throws is no event, nor is a property, a deprecated method,
      /// or one newer than this enum that names a newer type. A case of a method newer than this enum is reported
      /// only where the sender calls it.\(hasSendableEvents ? sendableEventNote(leftOut: leftOut) : "")
      \(eventsAttribute)\(memberAccess)enum \(event)\(hasSendableEvents ? ": Swift.Sendable" : "") {
        \(indented(enumBody.joined(separator: "\n"), 2))
      }

      /// The observer behind `events(of:bufferingPolicy:)`: it yields every call of the kinds it reports, and
      /// implements nothing else.
      \(typeAttributes)\(eventsAttribute)private final class \(tap): Foundation.NSObject, \(protocolConformance) {
        \(indented(tapBody, 2))
      }

      /// The calls of every `Void` requirement made to this multiplexer; see ``events(of:bufferingPolicy:)``.
      ///
      /// While the stream is open, the multiplexer tells the sender it implements every optional requirement that
      /// has an `Event` case, so the sender calls them all: ask for fewer with `events(of:bufferingPolicy:)`.\(quietNote)
      \(eventsAttribute)\(memberAccess)func events(bufferingPolicy: Swift.AsyncStream<\(event)>.Continuation.BufferingPolicy = .unbounded) -> Swift.AsyncStream<\(event)> {
        self.events(of: \(allKinds), bufferingPolicy: bufferingPolicy)
      }

      /// The calls of the requirements of `kinds` made to this multiplexer, as they are dispatched, until the
      /// multiplexer is deallocated.
      ///
      /// Each call registers a tap, held strongly, that yields an `Event` per call of those kinds in dispatch order,
      /// in its place among the observers (after those already registered); taps are not observers: `count`,
      /// `observers` and `removeAll()` leave them out. The stream finishes when the multiplexer is deallocated; when
      /// the consuming task is cancelled or the stream is otherwise terminated, the tap is unregistered. Calls are
      /// buffered with `bufferingPolicy`: `.unbounded` keeps every event until it is read; `.bufferingOldest(n)` and
      /// `.bufferingNewest(n)` keep at most `n` unread events, dropping the newest or the oldest.
      ///
      /// What the sender sees: while the stream is open, ``responds(to:)`` answers `true` for the optional
      /// requirements of `kinds` (implementing some of them changes what a sender does: ask only for those you
      /// need). When that changes (this stream opens; the last stream reporting a requirement ends), an installed
      /// multiplexer assigns itself to its slot again so that the sender asks again (see
      /// ``refreshRespondsToSelector()``). A multiplexer you put in a slot yourself is not: the sender keeps its
      /// answers until you assign the slot again, and a requirement a stream no longer reports is noticed at the
      /// sender's next call of it, which no one hears.
      ///
      /// - Complexity: O(*k*) for the *k* kinds, plus a registration and a check of the sender's answers.
      \(eventsAttribute)\(memberAccess)func events(of kinds: Swift.Set<\(event).Kind>, bufferingPolicy: Swift.AsyncStream<\(event)>.Continuation.BufferingPolicy = .unbounded) -> Swift.AsyncStream<\(event)> {
        let stream = self.\(Naming.storage)._events(
          bufferingPolicy: bufferingPolicy,
          streaming: kinds.compactMap(\\._optionalIndex),
          answers: self._respondsToSelectorAnswers,
          tap: { \(tap)($0, kinds: kinds) }\(streamingDidEnd)
        )
        self.refreshRespondsToSelector()
        return stream
      }
      """
  }
}
