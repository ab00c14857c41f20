/// A built-in combiner of the runtime (`Multiplex.Combiner`), chosen for one requirement when its multiplexer is
/// generated: `--combine 'observes(eventsOfKind:)=anyTrue'` for `multiplex-generate`, `@MultiplexedCombine(.anyTrue)`
/// for `@Multiplexed`.
///
/// The policy answers calls when the multiplexer has no `combiner`, and is what the combining protocol's default
/// implementation of the requirement's method applies; a `combiner` that implements the method still decides at
/// run time. `Combiner.all` is not offered: its result is an array, not the requirement's type.
///
/// On a requirement that hands over a completion handler, a policy makes it *joined* (``Requirement/isJoined``):
/// every observer gets its own handler and the sender's runs once, with the answers combined by the runtime's
/// `_JoinedHandler`: `join` (a handler without an answer), `anyTrue` and `allTrue` (`Bool`), `firstNonNil`
/// (`Optional`), `union` (an option set) and `order(a, b, c)` (an enum: the answer that comes first in the order).
package enum CombiningPolicy: Hashable, Sendable, RawRepresentable {
  case first, last, anyTrue, allTrue, firstNonNil
  /// Joined handlers without an answer.
  case join
  /// Joined handlers' answers unioned (an option set).
  case union
  /// Joined handlers' answers ranked by the order of the values, named without a leading dot (`newData`).
  case order([String])

  /// Every policy, `order` with no values.
  package static let allCases: [CombiningPolicy] = [
    .first, .last, .anyTrue, .allTrue, .firstNonNil, .join, .union, .order([]),
  ]

  /// The names, as the flag and the attribute spell them: `first, last, anyTrue, allTrue, firstNonNil, join, union,
  /// order(…)`.
  package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// The policy's name, without `order`'s values.
  package var name: String {
    switch self {
    case .first: return "first"
    case .last: return "last"
    case .anyTrue: return "anyTrue"
    case .allTrue: return "allTrue"
    case .firstNonNil: return "firstNonNil"
    case .join: return "join"
    case .union: return "union"
    case .order: return "order"
    }
  }

  /// The policy as `--combine` takes it: `anyTrue`, `order(newData, failed, noData)` (`order(…)` with no values).
  package var rawValue: String {
    guard case .order(let values) = self else { return name }
    return "order(" + (values.isEmpty ? "…" : values.joined(separator: ", ")) + ")"
  }

  /// Reads a policy as `--combine` spells it; `order` takes one identifier or more, each with or without a leading
  /// dot: `order(newData, failed, noData)`.
  package init?(rawValue: String) {
    if let policy = Self.allCases.first(where: { $0.rawValue == rawValue && $0 != .order([]) }) {
      self = policy
      return
    }
    guard rawValue.hasPrefix("order("), rawValue.hasSuffix(")") else { return nil }
    let values = rawValue.dropFirst("order(".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
      .map { value in
        var value = value.drop { $0 == " " || $0 == "\t" }
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        if value.first == "." { value = value.dropFirst() }
        return String(value)
      }
    guard !values.isEmpty, values.allSatisfy(Self.isIdentifier) else { return nil }
    self = .order(values)
  }

  /// Whether `text` is an identifier (an enum case's name), possibly in backticks.
  private static func isIdentifier(_ text: String) -> Bool {
    var text = Substring(text)
    if text.count > 2, text.first == "`", text.last == "`" { text = text.dropFirst().dropLast() }
    guard let first = text.first, first == "_" || first.isLetter else { return false }
    return text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }

  /// Whether the policy combines `Bool` answers only.
  package var needsBool: Bool { self == .anyTrue || self == .allTrue }

  /// Whether the policy only joins handlers (no `Combiner` of a returned value).
  package var isHandlerOnly: Bool {
    switch self {
    case .join, .union, .order: return true
    default: return false
    }
  }
}
