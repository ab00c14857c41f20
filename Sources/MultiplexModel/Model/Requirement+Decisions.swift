/// Decided-once requirements and the combining policies that can apply: the rules ``RequirementReader`` applies
/// for both front ends, with the user's markers or flags (``RequirementChoices``).
extension Requirement {
  /// The words that make a closure parameter a handler: its argument label or parameter name is one of them, or
  /// ends in one of them capitalized (`completionHandler`, `withCompletionHandler`, `decisionHandler`,
  /// `replyHandler`, `onCompletion`, `resultCallback`).
  package static let handlerWords = ["handler", "completion", "callback", "reply"]

  /// Whether `requirement` is *decided once* by default: a call that hands the delegate a handler the sender
  /// waits for, like Foundation's `urlSession(_:dataTask:didReceive:completionHandler:)`, WebKit's
  /// `webView(_:decidePolicyFor:decisionHandler:)` or Alamofire's `retry(_:for:dueTo:completion:)`.
  ///
  /// Forwarded to every observer, such a call would call the handler once per observer (each default
  /// implementation calls it), and a sender may stop there (`URLSession` on Linux traps when the redirection
  /// handler is called twice; WebKit raises an exception). So the multiplexer forwards it to exactly one observer.
  ///
  /// The rule, exactly, the same for `@Multiplexed` and `multiplex-generate`: a method (not a property or
  /// subscript) that returns `Void`, is not `async`, and has a parameter, in any position, such that
  /// - its type is a closure: a function type, possibly with attributes (`@escaping`, `@Sendable`), in
  ///   parentheses, or `Optional` (`((Bool) -> Void)?`, `T!`, `Optional<…>`); escaping or not, and
  /// - its argument label or its parameter name is `handler`, `completion`, `callback` or `reply`, or ends in
  ///   `Handler`, `Completion`, `Callback` or `Reply` (``handlerWords``).
  ///
  /// An `Optional` closure counts: when the sender passes one, it still expects one call. A non-escaping closure
  /// counts too (a synchronous reply). Throwing and generic methods count. The user's choice overrides the rule
  /// either way (the readers apply it).
  package static func isDecisionRequirement(_ requirement: Requirement) -> Bool {
    guard case .method(_, _, _, let arguments) = requirement.shape, case .void = requirement.result,
      !requirement.isAsync
    else { return false }
    // The label and the internal name (a generated one, for an unnamed parameter, is no handler word).
    return arguments.contains { argument in
      argument.type.isClosure
        && [argument.label, argument.name].compactMap { $0 }.map(Naming.bareName).contains(where: isHandlerName)
    }
  }

  /// Whether `name` is one of ``handlerWords`` or ends in one of them, capitalized.
  package static func isHandlerName(_ name: String) -> Bool {
    handlerWords.contains { word in name == word || name.hasSuffix(word.prefix(1).uppercased() + word.dropFirst()) }
  }

  /// Why `requirement` cannot be decided once, or `nil` when it can.
  package static func decisionObstacle(_ requirement: Requirement) -> String? {
    switch requirement.shape {
    case .property: return "a property"
    case .subscript: return "a subscript"
    case .method:
      if requirement.returnsValue { return "a method that returns a value (its answers are combined)" }
      if requirement.isAsync { return "an 'async' method (its caller awaits it instead of passing a handler)" }
      return nil
    }
  }

  /// The policies that can combine the answers of `requirement`: `first` and `last` for any value, `anyTrue` and
  /// `allTrue` for a `Bool` (spelled `Bool` or `Swift.Bool`), `firstNonNil` for an `Optional`. For a method that
  /// returns nothing and hands over a handler that can be joined (see ``joinableHandler(_:)``), the policies that
  /// join it, by the handler's answer: `join` for none, `anyTrue` and `allTrue` for a `Bool`, `firstNonNil` for an
  /// `Optional`, and for another type those ``joinPolicies(answer:)`` finds from its spelling. None for any other
  /// `Void` requirement. `order` is listed with no values.
  package static func validPolicies(_ requirement: Requirement) -> [CombiningPolicy] {
    guard case .value(_, let valueType, let isOptional) = requirement.result else {
      guard let handler = joinableHandler(requirement) else { return [] }
      guard let answer = handler.answerType else { return [.join] }
      if answer.isBool { return [.anyTrue, .allTrue] }
      if answer.implicitlyUnwrappedAsOptional.isOptional { return [.firstNonNil] }
      return joinPolicies(answer: answer)
    }
    let isBool = valueType.isBool
    return CombiningPolicy.allCases.filter { policy in
      switch policy {
      case .first, .last: return true
      case .anyTrue, .allTrue: return isBool
      case .firstNonNil: return isOptional
      case .join, .union, .order: return false
      }
    }
  }

  /// The policies that can join a handler's answer of type `answer`, neither `Bool` nor `Optional`, as far as its
  /// spelling tells (both front ends see the protocol, not the declarations of the types it names):
  /// - `union` for a `Set` (`Set<T>`, `Swift.Set<T>`), the standard library's `SetAlgebra`;
  /// - `order(…)` for the standard library's other value types (numbers, `String`, `Character`, `[T]`,
  ///   `[K: V]`…): they can be ranked, not unioned;
  /// - none for a tuple, a function, a metatype, `Any`, an existential, opaque or composition type: neither an
  ///   option set nor `Equatable`;
  /// - `union` and `order(…)` for any other named type: an option set or an enum, which the spelling does not
  ///   tell. The generated code then calls the runtime's `_JoinedHandler.union` or `.order`, and a wrong choice of
  ///   the two is a compiler error there (an unavailable overload of each, whose message names the choices).
  package static func joinPolicies(answer: SwiftType) -> [CombiningPolicy] {
    switch answer {
    case .attributed(_, _, let base): return joinPolicies(answer: base)
    case .tuple(let elements) where elements.count == 1 && elements[0].firstName == nil:
      return joinPolicies(answer: elements[0].type)
    case .tuple, .function, .metatype, .protocolMetatype, .existential, .opaque, .composition: return []
    case .array, .dictionary: return [.order([])]
    case .named(let name, _): return joinPolicies(named: name)
    case .member(.named("Swift", let arguments), let name, _) where arguments.isEmpty: return joinPolicies(named: name)
    default: return [.union, .order([])]
    }
  }

  /// The standard library's value types that are not option sets: their answers can be ranked by `order(…)`, not
  /// unioned (``joinPolicies(answer:)``).
  private static let standardLibraryRankedTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    "Float16", "Float80", "String", "Substring", "Character", "Array", "ContiguousArray", "ArraySlice", "Dictionary",
  ]

  /// ``joinPolicies(answer:)`` for a type spelled `name` (or `Swift.name`), with any generic arguments.
  private static func joinPolicies(named name: String) -> [CombiningPolicy] {
    if name == "Set" { return [.union] }
    if name == "Any" || name == "AnyObject" { return [] }
    if standardLibraryRankedTypes.contains(name) { return [.order([])] }
    return [.union, .order([])]
  }

  /// Whether `policy` can combine the answers of `requirement` (``validPolicies(_:)``, `order` with any values).
  package static func accepts(_ policy: CombiningPolicy, for requirement: Requirement) -> Bool {
    validPolicies(requirement).contains { $0.name == policy.name }
  }

  /// The handler a joined requirement hands each observer: its parameter's index and what the handler takes.
  package struct JoinableHandler {
    /// The index of the handler among the requirement's arguments.
    package let index: Int
    /// The handler's one parameter type, or `nil` for a handler that takes none.
    package let answerType: SwiftType?
  }

  /// The handler parameter of `requirement` when a combining policy can join it, or `nil`: a method that would be
  /// decided once (``isDecisionRequirement(_:)``: it returns nothing, is not `async`, and has a closure parameter
  /// named as a handler), with exactly one such parameter, escaping (`@escaping`, or an `Optional` closure: it is
  /// called after every observer answered), which takes no argument or one, and is neither `async` nor throwing
  /// and returns `Void`. ``joinObstacle(_:)`` says why not.
  package static func joinableHandler(_ requirement: Requirement) -> JoinableHandler? {
    guard case .method(_, _, _, let arguments) = requirement.shape, joinObstacle(requirement) == nil,
      let index = handlerIndices(arguments).first, let function = arguments[index].type.handlerFunction
    else { return nil }
    return JoinableHandler(index: index, answerType: function.parameters.first?.type)
  }

  /// Why the handler of `requirement` cannot be joined, as the end of "which …", or `nil` when it can.
  package static func joinObstacle(_ requirement: Requirement) -> String? {
    guard case .method(_, _, _, let arguments) = requirement.shape, case .void = requirement.result,
      !requirement.isAsync
    else { return "returns nothing" }
    let indices = handlerIndices(arguments)
    guard let index = indices.first else { return "returns nothing" }
    guard indices.count == 1 else { return "hands over \(indices.count) completion handlers" }
    let argument = arguments[index]
    guard let function = argument.type.handlerFunction else {
      return "hands over '\(argument.name)' of type '\(argument.type.description)', which is not an escaping closure "
        + "without a global actor (a joined handler is called after every observer answered, on any thread)"
    }
    guard function.parameters.count <= 1, !function.isAsync, !function.isThrowing, function.result.isVoid,
      !(function.parameters.first?.type.hasSpecifier("inout") ?? false)
    else {
      return "hands over '\(argument.name)' of type '\(argument.type.description)' (a joined handler takes one "
        + "answer or none and returns nothing)"
    }
    return nil
  }

  /// The indices of the closure parameters named as handlers (see ``isDecisionRequirement(_:)``).
  private static func handlerIndices(_ arguments: [Argument]) -> [Int] {
    arguments.indices.filter { index in
      let argument = arguments[index]
      return argument.type.isClosure
        && [argument.label, argument.name].compactMap { $0 }.map(Naming.bareName).contains(where: isHandlerName)
    }
  }

  /// `returns 'Int'` or `returns nothing`, for messages; for a handler requirement, what its handler answers
  /// (`answers its handler 'completionHandler' with 'FetchResult'`), or why it cannot be joined.
  package static func resultDescription(_ requirement: Requirement) -> String {
    guard case .value(let type, _, _) = requirement.result else {
      if let obstacle = joinObstacle(requirement) { return obstacle }
      guard let handler = joinableHandler(requirement) else { return "returns nothing" }
      let name = requirement.arguments[handler.index].name
      guard let answer = handler.answerType else { return "answers its handler '\(name)' with nothing" }
      return "answers its handler '\(name)' with '\(answer.description)'"
    }
    return "returns '\(type.description)'"
  }

  /// Makes the combining labels of `requirements` unique: an overload gets a numeric suffix, one that is no other
  /// requirement's label (`valueFor2()` has the label `combineValueFor2`).
  package static func assignUniqueCombiningLabels(_ requirements: inout [Requirement]) {
    let naturalLabels = Set(requirements.filter(\.returnsValue).map(\.combiningLabel))
    var assignedLabels: Set<String> = []
    for index in requirements.indices where requirements[index].returnsValue {
      let label = requirements[index].combiningLabel
      var candidate = label
      var suffix = 2
      while assignedLabels.contains(candidate) || (candidate != label && naturalLabels.contains(candidate)) {
        candidate = label + String(suffix)
        suffix += 1
      }
      assignedLabels.insert(candidate)
      requirements[index].combiningLabel = candidate
    }
  }
}

extension SwiftType {
  /// The function type of a closure parameter that a joined requirement can hand each observer, or `nil`: an
  /// escaping one (`@escaping`, possibly `@Sendable`, or an `Optional` closure), in any parentheses, with no other
  /// attribute (a global actor's handler could not be called from the thread of the last answer).
  var handlerFunction: FunctionType? {
    var base = self
    var isEscaping = false
    while true {
      switch base {
      case .attributed(let specifiers, let attributes, let inner):
        guard specifiers.isEmpty, attributes.allSatisfy({ ["escaping", "Sendable"].contains($0.baseName) }) else {
          return nil
        }
        if attributes.contains(where: { $0.baseName == "escaping" }) { isEscaping = true }
        base = inner
      case .tuple(let elements) where elements.count == 1: base = elements[0].type
      case .optional(let wrapped), .implicitlyUnwrappedOptional(let wrapped):
        isEscaping = true
        base = wrapped
      case .named("Optional", let arguments) where arguments.count == 1:
        isEscaping = true
        base = arguments[0]
      case .function(let function): return isEscaping ? function : nil
      default: return nil
      }
    }
  }
}
