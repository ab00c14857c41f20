// Reading a symbol graph from its JSON: each type from the keys `SymbolGraph.swift` documents. An optional key may
// be absent or `null`; any key read must have the JSON type its Swift type says.

extension SymbolGraph {
  /// Reads a whole `*.symbols.json` document.
  package init(json: JSONCursor) throws(JSONShapeError) {
    module = try Module(json: json.required("module"))
    symbols = []
    for symbol in try json.required("symbols").array() { symbols.append(try Symbol(json: symbol)) }
    relationships = []
    for relationship in try json.required("relationships").array() {
      relationships.append(try Relationship(json: relationship))
    }
  }
}

extension SymbolGraph.Module {
  init(json: JSONCursor) throws(JSONShapeError) {
    name = try json.required("name").string()
    let platform = try json.optional("platform")
    operatingSystem = try platform?.optional("operatingSystem")?.optional("name")?.string()
    environment = try platform?.optional("environment")?.string()
    if let platform, let system = operatingSystem, let architecture = try platform.optional("architecture")?.string(),
      let vendor = try platform.optional("vendor")?.string()
    {
      var triple = "\(architecture)-\(vendor)-\(system)"
      if let minimum = try platform.optional("operatingSystem")?.optional("minimumVersion") {
        let major = try minimum.required("major").int()
        let minor = try minimum.optional("minor")?.int() ?? 0
        triple += "\(major).\(minor)"
      }
      if let environment { triple += "-" + environment }
      targetTriple = triple
    }
  }
}

extension Symbol {
  init(json: JSONCursor) throws(JSONShapeError) {
    kind = Kind(identifier: try json.required("kind").required("identifier").string())
    identifier = Identifier(precise: try json.required("identifier").required("precise").string())
    names = Names(title: try json.required("names").required("title").string())
    pathComponents = try json.required("pathComponents").strings()
    if let fragments = try json.optional("declarationFragments") {
      var read: [DeclarationFragment] = []
      for fragment in try fragments.array() { read.append(try DeclarationFragment(json: fragment)) }
      declarationFragments = read
    } else {
      declarationFragments = nil
    }
    accessLevel = try json.required("accessLevel").string()
    if let entries = try json.optional("availability") {
      var read: [Availability] = []
      for entry in try entries.array() { read.append(try Availability(json: entry)) }
      availability = read
    } else {
      availability = nil
    }
    location = try json.optional("location").map { location throws(JSONShapeError) in try Location(json: location) }
    swiftExtension = try json.optional("swiftExtension").map { swiftExtension throws(JSONShapeError) in
      try SwiftExtension(json: swiftExtension)
    }
  }
}

extension Symbol.Location {
  init(json: JSONCursor) throws(JSONShapeError) {
    uri = try json.required("uri").string()
    let position = try json.required("position")
    self.position = Position(
      line: try position.required("line").int(),
      character: try position.required("character").int()
    )
  }
}

extension Symbol.SwiftExtension {
  init(json: JSONCursor) throws(JSONShapeError) {
    extendedModule = try json.optional("extendedModule")?.string()
    if let list = try json.optional("constraints") {
      var read: [Symbol.Constraint] = []
      for constraint in try list.array() {
        read.append(
          Symbol.Constraint(
            kind: try constraint.required("kind").string(),
            lhs: try constraint.required("lhs").string(),
            rhs: try constraint.required("rhs").string(),
            rhsPrecise: try constraint.optional("rhsPrecise")?.string()
          )
        )
      }
      constraints = read
    } else {
      constraints = nil
    }
  }
}

extension DeclarationFragment {
  init(json: JSONCursor) throws(JSONShapeError) {
    kind = try json.required("kind").string()
    spelling = try json.required("spelling").string()
    preciseIdentifier = try json.optional("preciseIdentifier")?.string()
  }
}

extension Availability {
  init(json: JSONCursor) throws(JSONShapeError) {
    domain = try json.optional("domain")?.string()
    introduced = try json.optional("introduced").map { version throws(JSONShapeError) in try Version(json: version) }
    deprecated = try json.optional("deprecated").map { version throws(JSONShapeError) in try Version(json: version) }
    obsoleted = try json.optional("obsoleted").map { version throws(JSONShapeError) in try Version(json: version) }
    message = try json.optional("message")?.string()
    renamed = try json.optional("renamed")?.string()
    isUnconditionallyDeprecated = try json.optional("isUnconditionallyDeprecated")?.bool()
    isUnconditionallyUnavailable = try json.optional("isUnconditionallyUnavailable")?.bool()
  }
}

extension Availability.Version {
  init(json: JSONCursor) throws(JSONShapeError) {
    major = try json.required("major").int()
    minor = try json.optional("minor")?.int()
    patch = try json.optional("patch")?.int()
  }
}

extension Relationship {
  init(json: JSONCursor) throws(JSONShapeError) {
    kind = try json.required("kind").string()
    source = try json.required("source").string()
    target = try json.required("target").string()
    targetFallback = try json.optional("targetFallback")?.string()
  }
}
