/// A function type: `(Int, _ x: String) async throws(E) -> R`.
///
/// Attributes such as `@escaping` or `@Sendable` are not part of it: they wrap it in
/// ``SwiftType/attributed(specifiers:attributes:base:)``.
package struct FunctionType: Hashable, Sendable {
  /// The parameters, in order.
  package var parameters: [TupleTypeElement]
  /// Whether the function is `async`.
  package var isAsync: Bool
  /// Whether the function `throws`.
  package var isThrowing: Bool
  /// The thrown type of a typed `throws(E)`, or `nil`. Only set when ``isThrowing`` is.
  package var thrownType: SwiftType?
  /// The result type: `Void`, `()`, `sending R`.
  package var result: SwiftType

  /// A function type: `FunctionType([TupleTypeElement(.named("Int"))], result: .named("Void"))` is
  /// `(Int) -> Void`.
  package init(
    _ parameters: [TupleTypeElement],
    isAsync: Bool = false,
    isThrowing: Bool = false,
    thrownType: SwiftType? = nil,
    result: SwiftType
  ) {
    self.parameters = parameters
    self.isAsync = isAsync
    self.isThrowing = isThrowing || thrownType != nil
    self.thrownType = thrownType
    self.result = result
  }
}

extension FunctionType: CustomStringConvertible {
  /// `(Int) async throws(E) -> R`.
  package var description: String {
    var text = "(" + parameters.map(\.description).joined(separator: ", ") + ")"
    if isAsync { text += " async" }
    if isThrowing {
      text += " throws"
      if let thrownType { text += "(" + thrownType.description + ")" }
    }
    return text + " -> " + result.description
  }
}
