/// One element of a tuple type or one parameter of a function type: `Int`, `a: Int`, `_ x: String`, `Int...`.
package struct TupleTypeElement: Hashable, Sendable {
  /// The label (`a` in `a: Int`; `_` in `_ x: String`), or `nil`.
  package var firstName: String?
  /// The second name (`x` in `_ x: String`), or `nil`. Only set when ``firstName`` is.
  package var secondName: String?
  /// The element's type.
  package var type: SwiftType
  /// Whether the element is variadic: `Int...`.
  package var isVariadic: Bool

  /// An element: `TupleTypeElement(.named("Int"))` is `Int`.
  package init(
    firstName: String? = nil,
    secondName: String? = nil,
    _ type: SwiftType,
    isVariadic: Bool = false
  ) {
    self.firstName = firstName
    self.secondName = secondName
    self.type = type
    self.isVariadic = isVariadic
  }
}

extension TupleTypeElement: CustomStringConvertible {
  /// `_ x: String...`.
  package var description: String {
    var text = ""
    if let firstName {
      text += firstName
      if let secondName { text += " " + secondName }
      text += ": "
    }
    text += type.description
    if isVariadic { text += "..." }
    return text
  }
}
