extension MemberDeclaration {
  /// What declares the parameters being read: their labels and the names they must not take differ.
  package enum ParameterOwner: Sendable {
    /// A method: a parameter's first name is its label (`_` for none).
    case method
    /// A subscript: a parameter has a label only when written with two names (`subscript(at index: Int)`), and
    /// none is named `newValue`, which the setter declares.
    case `subscript`
  }

  /// A parameter as the generated members name it, and how it is passed on.
  package struct NamedParameter: Sendable {
    /// The name the generated members declare it with, without backticks.
    package var name: String
    /// Whether ``name`` is a new one: the parameter was unnamed (`_`), or its name would hide the `Multiplex`
    /// module, `self`, `Self` or the setter's `newValue`.
    package var isRenamed: Bool
    package var argument: Requirement.Argument
  }

  /// The parameters as both readers declare them in the generated members (``ParameterOwner``).
  ///
  /// Generated names avoid the other parameters and `reserved` (the identifiers of the macro's default value,
  /// which is evaluated where the parameters are visible).
  package static func namedParameters(
    _ parameters: [Parameter],
    owner: ParameterOwner,
    reserved: Set<String> = []
  ) -> [NamedParameter] {
    var takenNames = reserved
    if owner == .subscript { takenNames.insert("newValue") }
    for parameter in parameters { takenNames.insert(Naming.bareName(parameter.secondName ?? parameter.firstName)) }
    // `self` and `Self` too: a parameter of either name would be what the forwarding body's `self` means, or
    // what a refinement's forwarder names its own type by (`Self._asParent(observer)`).
    var hidden: Set<String> = [Naming.runtimeModule, "self", "Self"]
    if owner == .subscript { hidden.insert("newValue") }
    return parameters.map { parameter in
      let internalName = parameter.secondName ?? parameter.firstName
      var name = Naming.bareName(internalName)
      let isRenamed = internalName == "_" || hidden.contains(name)
      if isRenamed {
        name = Naming.fresh("argument", avoiding: takenNames)
        takenNames.insert(name)
      }
      let label: String? =
        switch owner {
        case .method: parameter.firstName == "_" ? nil : parameter.firstName
        case .subscript: Self.subscriptLabel(of: parameter)
        }
      let isPack: Bool = if case .packExpansion = parameter.type { true } else { false }
      let argument = Requirement.Argument(
        label: label,
        name: name,
        // Only the parameter's own specifier and attributes: `(inout Int) -> Void` is a closure, not an `inout`.
        isInout: owner == .method && parameter.type.hasSpecifier("inout"),
        isAutoclosure: parameter.type.hasAttribute("autoclosure"),
        isPack: isPack,
        type: parameter.type,
        isVariadic: parameter.isVariadic
      )
      return NamedParameter(name: name, isRenamed: isRenamed, argument: argument)
    }
  }

  /// The name of a requirement, for messages and for naming it in options (`--default`, the markers' messages):
  /// `viewForZooming(in:)`, `subscript(key:)` (overloads share it), a property's name without backticks; `nil`
  /// for a member that is no requirement.
  package var displayName: String? {
    switch kind {
    case .function(let name):
      return name + "(" + parameters.map { Naming.bareName($0.firstName) + ":" }.joined() + ")"
    case .subscript:
      let labels = parameters.map { (Self.subscriptLabel(of: $0).map(Naming.bareName) ?? "_") + ":" }
      return "subscript(" + labels.joined() + ")"
    case .property(let name, _):
      return Naming.bareName(name)
    default:
      return nil
    }
  }

  /// The name of a requirement's combining method (`combineViewForZooming`, `combineSubscriptKey`, before
  /// ``Requirement/assignUniqueCombiningLabels(_:)`` tells overloads apart); `nil` for a member that is no
  /// requirement.
  package var combiningLabel: String? {
    switch kind {
    case .function(let name):
      var label = "combine" + Naming.upperCamelCase(Naming.bareName(name))
      for parameter in parameters where parameter.firstName != "_" {
        label += Naming.upperCamelCase(Naming.bareName(parameter.firstName))
      }
      return label
    case .subscript:
      let labels = parameters.compactMap { Self.subscriptLabel(of: $0).map(Naming.bareName) }
      return "combineSubscript" + labels.map(Naming.upperCamelCase).joined()
    case .property(let name, _):
      return "combine" + Naming.upperCamelCase(Naming.bareName(name))
    default:
      return nil
    }
  }

  /// A subscript parameter's argument label: its first name when it has two and the first is not `_`.
  package static func subscriptLabel(of parameter: Parameter) -> String? {
    parameter.secondName != nil && parameter.firstName != "_" ? parameter.firstName : nil
  }
}
