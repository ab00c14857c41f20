/// A built-in combiner of the runtime (`Multiplex.Combiner`), chosen for one requirement when its multiplexer is
/// generated: `--combine 'observes(eventsOfKind:)=anyTrue'` for `multiplex-generate`, `@MultiplexedCombine(.anyTrue)`
/// for `@Multiplexed`.
///
/// The policy answers calls when the multiplexer has no `combiner`, and is what the combining protocol's default
/// implementation of the requirement's method applies; a `combiner` that implements the method still decides at
/// run time. `Combiner.all` is not offered: its result is an array, not the requirement's type.
package enum CombiningPolicy: String, CaseIterable, Sendable {
  case first, last, anyTrue, allTrue, firstNonNil

  /// The names, as the flag and the attribute spell them: `first, last, anyTrue, allTrue, firstNonNil`.
  package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// Whether the policy combines `Bool` answers only.
  var needsBool: Bool { self == .anyTrue || self == .allTrue }
}
