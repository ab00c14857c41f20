import MultiplexModel

/// The members of a multiplexer for an `@objc` protocol (UIKit, AppKit, WebKit): optional requirements forwarded
/// only to the observers that implement them, `responds(to:)`, and assigning itself to its slot again when what it
/// implements changes.
///
/// What the generated class does:
/// - An optional requirement is called on each observer as `observer.method?(…)`; an observer that does not
///   implement it is skipped and, for a requirement returning a value, does not respond (it is marked with
///   `Multiplex.notImplemented`, so a combiner never sees it). With an `Optional` result, the method is looked up
///   before it is called (`guard let method = observer.method`), so that `nil` is an answer and not "not
///   implemented" (`observer.method?(…)` would flatten the two). The first responder's answer wins unless a
///   combiner decides otherwise, and when nobody responds the call returns the requirement's default (`nil`, or
///   the one the user gave).
/// - A decision (``Requirement/isDecision``: WebKit's `decisionHandler:`, `completionHandler:`) goes to exactly one
///   observer, the first in call order that implements it (the primary when it does), as in the Swift flavour.
/// - A joined requirement (``Requirement/isJoined``: a handler given a combining policy) reaches every observer that
///   implements it, each with a handler of its own; the sender's runs once, with the answers combined, and with
///   the policy's answer for none when the last implementing observer left after the sender asked
///   `responds(to:)`. An observer may implement the `async` form Swift imports for the handler instead: both share
///   the selector the multiplexer calls.
/// - Selectors are named as the symbol graph spells them (`NSSelectorFromString("…")`), see
///   ``selectorExpression(_:)``.
/// - `responds(to:)` answers, for the optional requirements the file lists, whether the primary or a live observer
///   responds to it, or an open event stream reports it (`_respondsToOptional(at:)`, see
///   `Generator+ObjCEvents.swift`). For any other selector (`_respondsToUnlisted(_:)`): `true` when
///   `super.responds(to:)` is (`NSObject`'s methods and the class's own, never forwarded); otherwise whether the
///   primary responds, and `forwardingTarget(for:)` then hands the message to the primary (see
///   `_RespondsToSelectorAnswers.forwardingTarget(_:of:respondsTo:)`): a method the file left out (unavailable on the
///   platform, naming a type the floor lacks, newer than the file), an informal or private selector the original
///   delegate relies on. Only the primary gets those: the multiplexer cannot know their arguments' types, nor how to
///   combine answers. A selector the file lists but the class does not implement on the platform reaches
///   `forwardingTarget(for:)` too, and goes to the primary if it responds. Each answer is recorded, except
///   `NSObject`'s.
/// - `refreshRespondsToSelector()` compares the recorded answers with what the observers implement now, and with
///   what the primary responds to now (a new primary, or one that deallocated); when one differs, it forgets them
///   and assigns the multiplexer again to the slots it is installed in (first `nil`), so that the sender asks
///   again. It runs after `add`, `remove` and `removeAndWait`, and after a call of an
///   optional requirement that no observer implemented (a sender that cached an answer given before the last
///   implementing observer left or deallocated). Users call it after changing the observers through `multiplexer`
///   or a token.
extension Generator {
  /// Whether the protocol is `@objc`.
  var isObjC: Bool { model.external?.isObjC == true }

  /// The optional requirements, in declaration order; a requirement's index here is its bit in the answers.
  var objcOptionalRequirements: [Requirement] { model.requirements.filter(\.isObjCOptional) }

  /// `nonisolated ` for the members that `NSObject` declares, or that its overrides use, in an isolated class.
  private var nonisolatedPrefix: String { model.isolation == nil ? "" : "nonisolated " }

  /// The body of the closure `_PrimaryDeallocationWatch` calls on the main queue with the multiplexer (`multiplexer`,
  /// an `AnyObject`) once the primary deallocated: refresh the answers on the multiplexer's actor (already there
  /// for the main actor); a nonisolated multiplexer refreshes them where it is called, as after `add`.
  private var primaryDeallocationCallback: String {
    guard let isolation = model.isolation else {
      return "(multiplexer as? Self)?.refreshRespondsToSelector()"
    }
    let refresh =
      isolation.text == "@MainActor"
      ? "Swift.MainActor.assumeIsolated { multiplexer.refreshRespondsToSelector() }"
      : "Swift.Task { \(isolation.text) in multiplexer.refreshRespondsToSelector() }"
    return "guard let multiplexer = multiplexer as? Self else { return }\n" + refresh
  }

  /// The stored properties, `responds(to:)`, the look-up it uses and `refreshRespondsToSelector()`; `nil` when the
  /// protocol is not `@objc`.
  func objcMembers() -> String? {
    guard isObjC else { return nil }
    let selectors = objcOptionalRequirements.flatMap(selectorExpressions)
    let selectorList = selectors.isEmpty ? "[]" : "[\n  " + selectors.joined(separator: ",\n  ") + ",\n]"
    // An open event stream makes the multiplexer implement the optional requirements it reports (see
    // `objcEventMembers()`); a protocol without a stream reads only its observers.
    let streamed = objcEventCases == nil ? "" : "self._respondsToSelectorAnswers.isStreamed(index) || "
    let respondsCall =
      model.external?.refinesNSObjectProtocol == true
      ? "$0.responds(to: selector)"
      : "($0 as? any Foundation.NSObjectProtocol)?.responds(to: selector) == true"
    // The requirements whose answers are kept: `responds(to:)` pledges the observer that implements one.
    let kept = objcOptionalRequirements.filter(\.keepsAnswer).map(optionalSelectorIndex)
    var keptStorage = ""
    var pledge = ""
    var firstImplementing = ""
    if !kept.isEmpty {
      keptStorage = """


        /// The observers' answers kept for the optional requirements that return a value with no answer of its
        /// own, and the observer pledged to answer each since the sender was told it is implemented.
        private let _keptAnswers = Multiplex._KeptAnswers(keeping: [\(kept.map(String.init).joined(separator: ", "))])
        """
      // Indented as `responds(to:)`'s body, which goes on after it.
      pledge =
        "if let pledged = self._keptAnswers.pledge(for: index, {\n"
        + "    self._firstImplementing(Self._optionalSelectors[index])\n  }) {\n"
        + "    return self._respondsToSelectorAnswers.record(pledged, for: index)\n  }\n  "
      firstImplementing = """


        /// The primary, or else the first live observer, that implements `selector`: pledged to answer it.
        \(nonisolatedPrefix)private func _firstImplementing(_ selector: Selector) -> Swift.AnyObject? {
          self.\(Naming.storage).observers.first { \(respondsCall) }.map { $0 as Swift.AnyObject }
        }
        """
    }
    return """
      /// The selectors of the optional requirements, which `responds(to:)` answers for the observers; a
      /// selector's index is its requirement's in `_respondsToSelectorAnswers`.
      \(nonisolatedPrefix)private static let _optionalSelectors: [Selector] = \(selectorList)

      /// What `responds(to:)` told the sender about each optional requirement.
      private let _respondsToSelectorAnswers = Multiplex._RespondsToSelectorAnswers(count: \(selectors.count))\(keptStorage)

      /// Whether the multiplexer implements `aSelector`: for an optional requirement, whether the primary or a
      /// live observer does, or an open event stream reports it; for any other selector, see `_respondsToUnlisted(_:)`.
      ///
      /// Each answer about an optional requirement is recorded: `refreshRespondsToSelector()` has the sender ask
      /// again when it is no longer true.
      \(nonisolatedPrefix)\(memberAccess)override func responds(to aSelector: Selector!) -> Swift.Bool {
        guard let aSelector, let index = Self._optionalSelectors.firstIndex(of: aSelector) else {
          return self._respondsToUnlisted(aSelector)
        }
        \(pledge)return self._respondsToSelectorAnswers.record(self._respondsToOptional(at: index), for: index)
      }

      /// Whether the multiplexer implements the optional requirement of `_optionalSelectors[index]`: what
      /// `responds(to:)` answers, and what `refreshRespondsToSelector()` compares its answers with.
      \(nonisolatedPrefix)private func _respondsToOptional(at index: Swift.Int) -> Swift.Bool {
        \(streamed)self._isImplemented(Self._optionalSelectors[index])
      }

      /// Whether the multiplexer responds to `aSelector`, which the file does not list: `true` when `NSObject`
      /// says so (its methods and this class's, never forwarded); otherwise whether the primary does, recorded.
      /// Such a message goes to the primary only (`forwardingTarget(for:)`). When the answer is yes, the primary
      /// is watched: should it deallocate, the sender is made to ask again (`_PrimaryDeallocationWatch`).
      \(nonisolatedPrefix)private func _respondsToUnlisted(_ aSelector: Selector?) -> Swift.Bool {
        let inherited = super.responds(to: aSelector)
        guard let aSelector else { return inherited }
        return self._respondsToSelectorAnswers.respondsToUnlisted(aSelector, inherited: inherited) {
          guard let primary = self._primary(respondingTo: $0) else { return false }
          Multiplex._PrimaryDeallocationWatch.watch(primary as Swift.AnyObject, by: self) { multiplexer in
            \(indented(primaryDeallocationCallback, 6))
          }
          return true
        }
      }

      /// Hands a message the class does not implement to the primary, when it responds to it: the original
      /// delegate keeps receiving what the file does not list. Observers are not called for it.
      \(nonisolatedPrefix)\(memberAccess)override func forwardingTarget(for aSelector: Selector!) -> Any? {
        guard let aSelector, let primary = self._primary(respondingTo: aSelector) else {
          return super.forwardingTarget(for: aSelector)
        }
        return primary
      }

      /// The primary, if it is alive, is not this multiplexer and responds to `selector`.
      \(nonisolatedPrefix)private func _primary(respondingTo selector: Selector) -> (\(model.observerType))? {
        Multiplex._RespondsToSelectorAnswers.forwardingTarget(self.\(Naming.storage).primary, of: self) {
          \(respondsCall)
        }
      }

      /// Whether the primary or a live observer implements `selector`.
      \(nonisolatedPrefix)private func _isImplemented(_ selector: Selector) -> Swift.Bool {
        self.\(Naming.storage).observers.contains { \(respondsCall) }
      }\(firstImplementing)

      /// Makes the senders ask again which optional methods the multiplexer implements, if that changed since
      /// they asked.
      ///
      /// Senders ask `responds(to:)` when their delegate is set and cache the answers. When an answer given is no
      /// longer true (an observer that implements an optional method came, or the last one left; the primary, which
      /// answers for the selectors the file does not list, changed or deallocated), the multiplexer
      /// assigns itself again to each slot it was installed in with `install(on:delegate:)` (first `nil`), so the
      /// sender asks again; see `DelegateMultiplexing.reassignDelegateSlots()`. A multiplexer you put in a slot
      /// yourself is not reassigned: assign it again yourself.
      ///
      /// Called after ``add(_:retention:priority:)``, ``remove(_:)``, ``removeAndWait(_:)`` and ``removeAll()``
      /// (through ``observersDidChange()``), and after a call of an optional requirement that no observer
      /// implemented (so a deallocated observer is noticed at the sender's next call of a requirement only it
      /// implemented, or at the next registration change). Call it after changing the observers otherwise: through
      /// ``multiplexer`` (its `primary`), or a token.
      \(memberAccess)func refreshRespondsToSelector() {
        let isStale = self._respondsToSelectorAnswers.forgetIfStale { index in
          self._respondsToOptional(at: index)
        } forwards: { (selector: Selector) in
          self._primary(respondingTo: selector) != nil
        }
        if isStale {
          self.reassignDelegateSlots()
        }
      }

      /// Calls ``refreshRespondsToSelector()``: `DelegateMultiplexing`'s `add`, `remove`, `removeAndWait(_:)` and
      /// `removeAll()` call it after changing the observers.
      \(memberAccess)func observersDidChange() {
        self.refreshRespondsToSelector()
      }
      """
  }

  /// How the generated code names the selector of `requirement`:
  /// `NSSelectorFromString("tableView:willSelectRowAtIndexPath:")` when the symbol graph gives it,
  /// `#selector((any P).method(_:))` otherwise.
  ///
  /// The selector from the graph is exact and needs no more: `#selector` names the Swift declaration, which is an
  /// error when the requirement is newer than the deployment target (`tableView(_:canPerformPrimaryActionForRowAt:)`,
  /// iOS 16, in a list built for iOS 13), a warning when it is deprecated, and ambiguous when two requirements
  /// share a Swift name (WebKit's two `webView(_:decidePolicyFor:decisionHandler:)`). The double parentheses say
  /// `NSSelectorFromString`: `Selector("…")` with a literal is a warning ("use '#selector' instead"), even in
  /// double parentheses.
  func selectorExpression(_ requirement: Requirement) -> String {
    if let selector = requirement.objcSelector {
      return "Foundation.NSSelectorFromString(\"\(selector)\")"
    }
    // `(any P).method`: `P.method` names the existential without `any`, which `ExistentialAny` warns about.
    return "#selector((any \(model.typeReference)).\(requirement.displayName))"
  }

  /// The selectors `responds(to:)` answers for `requirement`: a method's (``selectorExpression(_:)``), or an
  /// optional property's getter and, when it is settable, its setter (`window`, `setWindow:`).
  func selectorExpressions(_ requirement: Requirement) -> [String] {
    guard case .property(let name, _, let isSettable, _) = requirement.shape else {
      return [selectorExpression(requirement)]
    }
    let getter = requirement.objcSelector ?? name
    var selectors = [getter]
    if isSettable { selectors.append("set" + getter.prefix(1).uppercased() + getter.dropFirst() + ":") }
    return selectors.map { "Foundation.NSSelectorFromString(\"\($0)\")" }
  }

  /// The member that forwards an optional requirement of an `@objc` protocol: only to the observers that
  /// implement it. A decision goes to the first of them only (see ``objcDecisionBody(_:)``).
  func objcOptionalForwardingMember(_ requirement: Requirement) -> String? {
    let modifiers = memberAccess + (requirement.isNonisolated ? "nonisolated " : "")
    if case .property(let name, let type, let isSettable, let getterEffects) = requirement.shape {
      return objcOptionalProperty(
        requirement,
        declaration: "var \(Naming.identifier(name, in: .declaration)): \(type.description)",
        isSettable: isSettable,
        getterEffects: getterEffects,
        heading: attributes(requirement.forwardedAttributes) + modifiers
      )
    }
    guard case .method(_, let signature, _, _) = requirement.shape else { return nil }
    let body: String
    // One call into the runtime, which tracks who responded (`async` and throwing calls too) and calls
    // `observersDidChange()` when nobody did.
    switch requirement.result {
    case .void where requirement.isJoined:
      body = joinBody(requirement, implementing: true)
    case .void where requirement.isDecision:
      body = objcDecisionBody(requirement)
    case .void:
      body = """
        \(effectPrefix(requirement))self._notifyImplementing {
          \(effectPrefix(requirement))\(requirement.call(on: "$0").replacingFirstCallParenthesis)
        }
        """
    case .value(let type, _, _) where requirement.keepsAnswer:
      body = keptAnswerBody(requirement, type: type)
    case .value(_, _, let isOptional):
      body = """
        \(effectPrefix(requirement))self._combineImplementing(\(forwardCallArguments(requirement, lazyModuleDefault: false))) {
          \(combiningCall(requirement))
        } _: {
          \(indented(implementingCall(requirement, isOptional: isOptional), 2))
        }
        """
    }
    return """
      \(attributes(requirement.forwardedAttributes))\(modifiers)\(signature) {
        \(indented(body, 2))
      }
      """
  }

  /// An optional property of an `@objc` protocol (`UIApplicationDelegate.window`): its getter answers like a method
  /// that returns a value (the primary, then the first observer that implements it; `$0.window` is `nil` for an
  /// observer that does not), its setter reaches every observer that implements it (by key-value coding: Swift cannot
  /// assign an optional requirement's property through the protocol).
  private func objcOptionalProperty(
    _ requirement: Requirement,
    declaration: String,
    isSettable: Bool,
    getterEffects: String?,
    heading: String
  ) -> String {
    let prefix = effectPrefix(requirement)
    let access = requirement.call(on: "$0")
    var accessors = """
      get\(getterEffects.map { " " + $0 } ?? "") {
        \(prefix)self._combineImplementing(\(forwardCallArguments(requirement, lazyModuleDefault: false))) {
          \(combiningCall(requirement))
        } _: {
          \(prefix)\(access)
        }
      }
      """
    if isSettable, case .property(let name, _, _, _) = requirement.shape {
      // Swift cannot assign an optional requirement's property through the protocol ("setter is inaccessible"): the
      // value is set with key-value coding, on each observer that implements the setter (one that does not would
      // raise an Objective-C exception).
      let key = requirement.objcSelector ?? name
      let setter = selectorExpressions(requirement).last ?? ""
      accessors += """

        set {
          self._notifyImplementing { observer -> Swift.Void? in
            guard let object = observer as? Foundation.NSObject, object.responds(to: \(setter)) else {
              return nil
            }
            object.setValue(newValue, forKey: "\(key)")
            return ()
          }
        }
        """
    }
    return """
      \(heading)\(declaration) {
        \(indented(accessors, 2))
      }
      """
  }

  /// The body of an optional requirement whose answers the multiplexer keeps (``Requirement/keepsAnswer``): one call
  /// of the runtime's `_answerImplementing`, with the comment that says why the sender is always answered. An
  /// `Unmanaged` result is kept as the object it refers to (retained) and handed out unretained, as Objective-C's
  /// naming convention says the method returns it.
  private func keptAnswerBody(_ requirement: Requirement, type: SwiftType) -> String {
    let index = optionalSelectorIndex(of: requirement)
    var call = effectPrefix(requirement) + requirement.call(on: "$0").replacingFirstCallParenthesis
    var isUnmanaged = false
    if case .named(let name, let arguments) = type, name == "Unmanaged" || name == "Swift.Unmanaged",
      arguments.count == 1
    {
      call += ".takeUnretainedValue()"  // in the optional chain: `nil` when the observer does not implement it
      isUnmanaged = true
    }
    let answer = """
      \(effectPrefix(requirement))self._answerImplementing(keeping: self._keptAnswers, at: \(index)) {
        \(call)
      }
      """
    let comment = """
      // No value of its own answers this requirement: the observers' answers do. The sender calls it only after
      // responds(to:) said an observer implements it, and the multiplexer holds that observer until this call (it
      // answers if it left meanwhile); each call keeps its answer, which answers a later call that finds no
      // implementing observer. So an answer is always there.
      """
    guard isUnmanaged else { return comment + "\n" + answer }
    return comment + "\nSwift.Unmanaged.passUnretained(\n  " + indented(answer, 2) + "\n)"
  }

  /// The index of `requirement`'s selector among the optional requirements' (``objcMembers()``'s
  /// `_optionalSelectors`), which `_RespondsToSelectorAnswers` and `_KeptAnswers` know it by.
  func optionalSelectorIndex(of requirement: Requirement) -> Int {
    let selector = selectorExpression(requirement)
    var index = 0
    for optional in objcOptionalRequirements {
      if case .method = optional.shape, selectorExpression(optional) == selector { return index }
      index += selectorExpressions(optional).count
    }
    return index
  }

  /// How one observer, `$0`, is called by `_combineImplementing`: `nil` when it does not implement the requirement.
  /// With an `Optional` result the method is looked up first and then called (`$0.method.map { $0(…) }`), so
  /// that its `nil` is an answer: optional chaining would flatten the two.
  private func implementingCall(_ requirement: Requirement, isOptional: Bool) -> String {
    let prefix = effectPrefix(requirement)
    guard isOptional, case .method = requirement.shape else {
      return prefix + requirement.call(on: "$0").replacingFirstCallParenthesis
    }
    let arguments = requirement.arguments.map { ($0.isInout ? "&" : "") + $0.name }.joined(separator: ", ")
    guard requirement.isAsync else {
      return "$0.\(requirement.displayName).map { \(prefix)$0(\(arguments)) }"
    }
    // `Optional.map` takes no `async` closure: the method is looked up (an `async` access), then awaited.
    let method = Naming.fresh("method", avoiding: requirement.reservedNames)
    return """
      guard let \(method) = await $0.\(requirement.displayName) else {
        return nil
      }
      return \(prefix)\(method)(\(arguments))
      """
  }

  /// The statement that forwards an optional decision (a requirement whose completion handler the sender waits
  /// for, see ``Requirement/isDecision``) to exactly one observer: the first in call order that implements it
  /// (the primary when it does), so the handler is called once. Observers after it are not called; observers
  /// before it that do not implement it are skipped. With none, nothing is called (the sender only calls a
  /// method the multiplexer said it implements, so this happens only when the last implementing observer left
  /// during the call; the sender's handler is then not called, and `observersDidChange()` refreshes the answers).
  private func objcDecisionBody(_ requirement: Requirement) -> String {
    """
    // A decision: only the first observer that implements it gets it, so the handler is called once.
    \(effectPrefix(requirement))self._decideImplementing {
      \(effectPrefix(requirement))\(requirement.call(on: "$0").replacingFirstCallParenthesis)
    }
    """
  }

}

extension String {
  /// `observer.method(a)` → `observer.method?(a)`: the call of an optional requirement.
  fileprivate var replacingFirstCallParenthesis: String {
    guard let parenthesis = firstIndex(of: "(") else { return self }
    return self[..<parenthesis] + "?" + self[parenthesis...]
  }
}
