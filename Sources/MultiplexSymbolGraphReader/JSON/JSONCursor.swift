// Reading a parsed JSON document into Swift values, with where each value is for the messages.

/// A value of a JSON document and where it is (`symbols[3].kind`), for reading it as a Swift type; each accessor
/// throws a ``JSONShapeError`` that names the place when the document does not have what it asks for.
package struct JSONCursor {
  package var value: JSONValue
  /// Where `value` is, spelled out only for a message (a symbol graph has hundreds of thousands of values).
  private var location: JSONPath

  /// A cursor at the top level of a document.
  package init(_ value: JSONValue) {
    self.init(value, at: .root)
  }

  private init(_ value: JSONValue, at location: JSONPath) {
    self.value = value
    self.location = location
  }

  /// The keys and indices from the top level: `symbols[3].kind`, empty at the top level.
  package var path: String {
    location.description
  }

  /// The member `key` of this object; absent or `null` is an error.
  package func required(_ key: String) throws(JSONShapeError) -> JSONCursor {
    guard let member = try optional(key) else {
      throw JSONShapeError(message: "missing key '\(key)'", path: path)
    }
    return member
  }

  /// The member `key` of this object, `nil` when it is absent or `null`.
  package func optional(_ key: String) throws(JSONShapeError) -> JSONCursor? {
    let members = try object()
    guard let member = members[key] else { return nil }
    if case .null = member { return nil }
    return JSONCursor(member, at: .member(location, key))
  }

  /// The members of this object, by key.
  package func object() throws(JSONShapeError) -> [String: JSONValue] {
    guard case .object(let members) = value else { throw mismatch("an object") }
    return members
  }

  /// The elements of this array, each with its place.
  package func array() throws(JSONShapeError) -> [JSONCursor] {
    guard case .array(let elements) = value else { throw mismatch("an array") }
    var cursors: [JSONCursor] = []
    cursors.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      cursors.append(JSONCursor(element, at: .element(location, index)))
    }
    return cursors
  }

  package func string() throws(JSONShapeError) -> String {
    guard case .string(let text) = value else { throw mismatch("a string") }
    return text
  }

  package func bool() throws(JSONShapeError) -> Bool {
    guard case .bool(let flag) = value else { throw mismatch("a Boolean") }
    return flag
  }

  /// An integer: a number without fraction or exponent that fits `Int`.
  package func int() throws(JSONShapeError) -> Int {
    guard case .number(let text) = value, let number = Int(text) else { throw mismatch("an integer") }
    return number
  }

  /// An array of strings.
  package func strings() throws(JSONShapeError) -> [String] {
    var strings: [String] = []
    for element in try array() { strings.append(try element.string()) }
    return strings
  }

  private func mismatch(_ expected: String) -> JSONShapeError {
    let found: String
    if case .number(let text) = value { found = "the number " + text } else { found = value.kindName }
    return JSONShapeError(message: "expected \(expected), found \(found)", path: path)
  }
}

/// The keys and indices that lead from the top level of a document to a value.
private indirect enum JSONPath: CustomStringConvertible {
  case root
  case member(JSONPath, String)
  case element(JSONPath, Int)

  /// `symbols[3].kind`; empty for the top level.
  var description: String {
    switch self {
    case .root: return ""
    case .member(let parent, let key):
      let prefix = parent.description
      return prefix.isEmpty ? key : prefix + "." + key
    case .element(let parent, let index): return parent.description + "[\(index)]"
    }
  }
}

/// A JSON document that is valid JSON but not what the reader expects: a missing key or a value of another kind.
package struct JSONShapeError: Error, Equatable, CustomStringConvertible {
  package var message: String
  /// Where (see ``JSONCursor/path``).
  package var path: String

  /// `expected a string, found a number at symbols[0].kind`, `missing key 'relationships' at the top level`.
  package var description: String {
    message + (path.isEmpty ? " at the top level" : " at " + path)
  }
}
