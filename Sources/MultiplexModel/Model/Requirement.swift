/// One forwardable requirement: a method, a property or a subscript.
package struct Requirement {
  package enum Shape {
    /// A method; `signature` is the requirement's declaration without attributes, modifiers or body, with every
    /// parameter named (unnamed parameters get a unique internal name), for the default implementation:
    /// `func scrollViewDidScroll(_ scrollView: UIScrollView)`.
    /// `forwardingSignature` is the same for the multiplexer's member, where a `borrowing` parameter is declared
    /// `__shared`: the same convention (the member still witnesses the requirement) without the no-implicit-copy
    /// rule, which forbids the forwarding closure to capture a copyable `borrowing` parameter. The closure borrows
    /// it, so a noncopyable value is not copied either.
    case method(
      signature: String,
      forwardingSignature: String,
      name: String,
      arguments: [Argument]
    )
    /// A property, named without backticks (as is a method; ``Naming/identifier(_:in:)`` spells them). Effects
    /// (`async throws`, as written) only exist on read-only properties.
    case property(name: String, type: SwiftType, isSettable: Bool, getterEffects: String?)
    /// A subscript; the signatures as for methods, without accessors (`subscript(index: Int) -> String?`).
    case `subscript`(
      signature: String,
      forwardingSignature: String,
      arguments: [Argument],
      isSettable: Bool,
      getterEffects: String?
    )
  }

  /// How a parameter is passed on to each observer.
  package struct Argument {
    /// The argument label, or `nil` for none.
    package let label: String?
    /// The parameter's internal name, without backticks (``Naming/identifier(_:in:)`` spells it).
    package let name: String
    /// `inout` parameters are passed as `&name`.
    package let isInout: Bool
    /// `@autoclosure` parameters are passed as `name()`, which wraps the call in a new autoclosure.
    package let isAutoclosure: Bool
    /// Parameter packs (`repeat each T`) are passed as `repeat each name`.
    package let isPack: Bool
    /// The parameter's type as declared, specifiers and attributes included (`inout CGPoint`,
    /// `@escaping (Bool) -> Void`).
    package let type: SwiftType
    /// Whether the parameter is variadic (`Int...`).
    package let isVariadic: Bool

    package init(
      label: String?,
      name: String,
      isInout: Bool,
      isAutoclosure: Bool,
      isPack: Bool,
      type: SwiftType,
      isVariadic: Bool
    ) {
      self.label = label
      self.name = name
      self.isInout = isInout
      self.isAutoclosure = isAutoclosure
      self.isPack = isPack
      self.type = type
      self.isVariadic = isVariadic
    }

    /// `label: ` as a call spells it, or nothing for an unlabeled argument.
    package var labelPrefix: String {
      label.map { Naming.identifier($0, in: .argumentLabel) + ": " } ?? ""
    }
  }

  /// How a requirement throws.
  package enum Throwing: Hashable, Sendable {
    /// `throws`.
    case untyped
    /// `throws(E)`.
    case typed(SwiftType)
  }

  /// What a call returns.
  package enum Result {
    case void
    /// A value. `type` is the result as the requirement spells it, for signatures. `valueType` is the type of the
    /// value, for generic arguments and the combining method, with `T!` spelled `T?` (only allowed in
    /// signatures). `isOptional` when the type is spelled as an `Optional`, so `nil` is its natural default.
    case value(type: SwiftType, valueType: SwiftType, isOptional: Bool)
  }

  package let shape: Shape
  /// `viewForZooming(in:)` or `preferredHeight`, for messages.
  package let displayName: String
  package let result: Result
  package let isAsync: Bool
  /// `throws`, or `throws(E)`; `nil` for a non-throwing requirement. `throws(Never)` is kept in signatures, but
  /// calls to it take no `try` (see ``isThrowing``).
  package let throwing: Throwing?
  /// The value the multiplexer returns when no observer answers (also what the default implementation returns).
  package var defaultValue: Expression?
  /// Whether the protocol (of another module) implements the requirement in an extension: observers may leave it
  /// out, and when it returns a value, ``defaultValue`` asks the protocol's default implementation, through a stub
  /// object that implements nothing else of its own.
  package var usesModuleDefault: Bool = false
  /// Whether the requirement is *decided once*: a method that hands the delegate a completion, decision or
  /// reply handler the sender waits for, which must be called exactly once. The multiplexer forwards it to one
  /// observer only, the first responding one in call order (the primary when there is one), or, with no
  /// observer, to the protocol's default implementation. See ``isDecisionRequirement(_:)`` for the rule, which
  /// `--decided-once`/`--every-observer` and `@MultiplexedDecidedOnce`/`@MultiplexedEveryObserver` override.
  package var isDecision: Bool = false
  /// The combining policy chosen for the requirement at generation time, or `nil` for the flavour's default (the
  /// first answer; the first non-`nil` one for an `Optional` result of another module's Swift protocol).
  ///
  /// On a requirement that hands over a completion handler, a policy makes it *joined* (``isJoined``), not decided
  /// once: setting one clears ``isDecision``.
  package var combining: CombiningPolicy? = nil {
    didSet {
      if isJoined { isDecision = false }
    }
  }
  /// Whether the requirement is *joined*: a method that hands over a completion handler (see
  /// ``joinableHandler(_:)``), given a combining policy. Every observer that implements it gets a handler of its
  /// own, and the sender's handler runs exactly once, after every one of them called its own, with their answers
  /// combined by the policy (the runtime's `_JoinedHandler`); with no such observer, once with the policy's answer
  /// for none.
  package var isJoined: Bool { combining != nil && !returnsValue }
  /// Whether observers must implement the requirement (no default implementation is generated).
  package let isRequired: Bool
  /// Whether the requirement is an `optional` requirement of an `@objc` protocol: forwarded only to the observers
  /// that implement it (`observer.method?(…)`).
  package var isObjCOptional: Bool = false
  /// The Objective-C selector of a requirement of an `@objc` protocol, when the symbol graph gives it
  /// (`ExternalMember.objcSelector`).
  package var objcSelector: String?
  /// Whether an `@objc` multiplexer's `Event` can have a case for this requirement of a protocol of another module
  /// (`ExternalMember.isEventCaseAvailable`): not deprecated, and available wherever the enum is, or naming only
  /// types that are; `true` when unknown.
  package var isEventCaseAvailable = true
  /// Whether the requirement's setter is `mutating` (a settable property or subscript of another module's protocol
  /// that is not class-bound, not declared `nonmutating`): the multiplexer calls it on a variable holding each
  /// observer (an object, so the assignment sets the object's property).
  package var isMutatingSetter = false
  /// Where it is said that implementing this optional requirement of an `@objc` protocol changes what the sender
  /// does (`SenderChangingRequirement`), or `nil`: `events()` of the multiplexer leaves its `Event` case out.
  package var changesSenderWhenImplemented: String?
  /// Whether this optional requirement of an `@objc` protocol returns a value the multiplexer has no answer of its
  /// own for (no `--default`, documented default, convention or empty value: a layout object, an animator, a
  /// color): with no implementing observer, it answers with the observer pledged when the sender asked
  /// `responds(to:)`, then the last answer an observer gave (the runtime's `_KeptAnswers`). Such a requirement has
  /// no ``defaultValue`` and no combining method (a combiner would need a default to give).
  package var keepsAnswer = false
  /// Where ``defaultValue`` comes from, when the generator chose it rather than the user: the documentation page
  /// that says what the sender does without the method, or the convention applied (`DocumentedDefault`). The
  /// generated member says so in a comment.
  package var defaultNote: String? = nil
  /// Where ``combining`` comes from, when the generator's data chose it: the generated member says so in a comment.
  package var combiningNote: String? = nil
  /// Attributes copied to the forwarding member: `@available`, a global actor, `@preconcurrency`,
  /// `@discardableResult`.
  package let forwardedAttributes: [Attribute]
  /// `@available` attributes, copied to the default implementation and the combining method.
  package let availability: [Attribute]
  /// Whether the requirement is `nonisolated`.
  package let isNonisolated: Bool
  /// Generic parameters of the requirement (names), for the combining method.
  package let genericParameters: [GenericParameter]?
  /// The requirements of the requirement's `where` clause, or `nil` for none.
  package let genericWhereClause: [GenericRequirement]?
  /// The argument label of the requirement's combining method, unique in the protocol: `combineViewForZoomingIn`.
  package var combiningLabel: String

  /// A requirement as a reader makes it; what depends on the user's choices and the protocol's origin
  /// (``isDecision``, ``combining``, ``usesModuleDefault``, ``isObjCOptional``, ``objcSelector``) is set after.
  package init(
    shape: Shape,
    displayName: String,
    result: Result,
    isAsync: Bool,
    throwing: Throwing?,
    defaultValue: Expression?,
    isRequired: Bool,
    forwardedAttributes: [Attribute],
    availability: [Attribute],
    isNonisolated: Bool,
    genericParameters: [GenericParameter]?,
    genericWhereClause: [GenericRequirement]?,
    combiningLabel: String
  ) {
    self.shape = shape
    self.displayName = displayName
    self.result = result
    self.isAsync = isAsync
    self.throwing = throwing
    self.defaultValue = defaultValue
    self.isRequired = isRequired
    self.forwardedAttributes = forwardedAttributes
    self.availability = availability
    self.isNonisolated = isNonisolated
    self.genericParameters = genericParameters
    self.genericWhereClause = genericWhereClause
    self.combiningLabel = combiningLabel
  }

  /// The parameters of a method or subscript, as they are passed on; empty for a property.
  package var arguments: [Argument] {
    switch shape {
    case .method(_, _, _, let arguments), .subscript(_, _, let arguments, _, _): return arguments
    case .property: return []
    }
  }

  package var returnsValue: Bool {
    if case .value = result { return true }
    return false
  }

  /// Whether calls take `try`: `throws(Never)` does not throw, and `try` on it is a warning.
  package var isThrowing: Bool {
    guard let throwing else { return false }
    guard case .typed(let type) = throwing else { return true }
    return !type.isNever
  }

  /// Names a generated local must not take: they are visible where it is declared. The parameters, and every
  /// token of the default value (evaluated in the forwarding member).
  package var reservedNames: Set<String> {
    var names: Set<String> = []
    for argument in arguments { names.insert(argument.name) }
    if let defaultValue { names.formUnion(defaultValue.tokens) }
    return names
  }
  /// The thrown type of `throws(E)`, or `nil` (also for `throws(Never)`, whose calls do not throw).
  package var typedThrowsType: SwiftType? {
    guard isThrowing, case .typed(let type) = throwing else { return nil }
    return type
  }
}

extension Requirement {
  /// How `receiver` is asked for the requirement, without `try` or `await`: `receiver.viewForZooming(in: view)`,
  /// `receiver.preferredHeight`, `receiver[index]`. One path for every shape: observers, the event tap and the
  /// defaults stub are all called through it.
  package func call(on receiver: String) -> String {
    switch shape {
    case .method(_, _, let name, let arguments):
      return "\(receiver).\(Naming.identifier(name, in: .member))(\(Requirement.argumentList(arguments)))"
    case .property(let name, _, _, _):
      return "\(receiver).\(Naming.identifier(name, in: .member))"
    case .subscript(_, _, let arguments, _, _):
      return "\(receiver)[\(Requirement.argumentList(arguments))]"
    }
  }

  /// The arguments of a call that passes the parameters on: `scrollView, velocity: velocity, offset: &offset`.
  package static func argumentList(_ arguments: [Argument]) -> String {
    arguments.map { argument in
      let name = Naming.identifier(argument.name, in: .expression)
      let value: String
      if argument.isInout {
        value = "&" + name
      } else if argument.isAutoclosure {
        value = name + "()"
      } else if argument.isPack {
        value = "repeat each " + name
      } else {
        value = name
      }
      return argument.labelPrefix + value
    }
    .joined(separator: ", ")
  }
}
