/// A type alias a protocol declares: `typealias Handler<T> = (T) -> Void`.
package struct TypeAlias: Hashable, Sendable {
  /// `Handler`.
  package var name: String
  /// `T`; empty for an alias that is not generic.
  package var genericParameters: [GenericParameter]
  /// `(T) -> Void`.
  package var type: SwiftType

  /// A type alias: `TypeAlias(name: "Score", type: .named("Int"))` is `typealias Score = Int`.
  package init(name: String, genericParameters: [GenericParameter] = [], type: SwiftType) {
    self.name = name
    self.genericParameters = genericParameters
    self.type = type
  }

  /// Whether the alias names a closure type: a function type, bare or under attributes (`@Sendable (Int) ->
  /// Void`). A parameter of such a type is a non-escaping closure unless it is marked `@escaping`.
  package var isFunctionType: Bool {
    switch type {
    case .function: return true
    case .attributed(_, _, .function): return true
    default: return false
    }
  }
}
