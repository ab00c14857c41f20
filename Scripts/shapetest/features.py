"""The shapes the test covers: those on by default (ENABLED), and the pending ones, each turned on with
`--enable NAME` while its bug is fixed elsewhere (PENDING).
"""

# Shapes covered only when turned on (`--enable NAME`), each because of a known bug being fixed elsewhere (issue
# 23). Turn one on for good by moving it to ENABLED once its fix is merged.
PENDING = {
    "underscored-names": "a requirement with a parameter label or name starting with `_` (`f(_combiner:)`) is "
    "left out of a symbol graph made at the public access level (swiftc -emit-symbol-graph, symbolgraph-extract's "
    "default), so the generated class does not conform: `type ... does not conform to protocol` (found by this "
    "test: regression UnderscoredLabelInParent)",
}
ENABLED = {
    "keyword-labels": "keywords as argument labels (`func f(for x: Int)`)",
    "shadowing-names": "parameter names the generated code also uses (`combiner`, `responses`, `defaultValue`)",
    "overloads": "overloads by label and by parameter type",
    "generics": "generic methods with constraints and `where` clauses",
    "closures": "closure parameters: escaping, @Sendable, throwing, optional, @autoclosure",
    "decisions": "decided once: a Void, non-async method with a closure parameter (any position, escaping or "
    "not, Optional or not) labelled or named `handler`, `completion`, `callback`, `reply` or `…Handler`, "
    "`…Completion`, `…Callback`, `…Reply`: one observer (the generator's first; the macro's first that implements "
    "it); lookalikes (`completionBlock`, `onEvent`) go to every observer",
    "decision-choices": "the user's choice of decided once or every observer, overriding the rule either way: "
    "`@MultiplexedDecidedOnce`/`@MultiplexedEveryObserver`, `--decided-once`/`--every-observer`",
    "combine": "a built-in combiner per requirement: `@MultiplexedCombine(.anyTrue)`, `--combine NAME=anyTrue` "
    "(first, last, anyTrue/allTrue for Bool, firstNonNil for Optional)",
    "keyword-names": "keywords as parameter names (`func f(for: Int)`, `f(first throws: String)`), also the "
    "contextual keyword `await`",
    "restated-requirements": "a refinement that restates a parent's requirement (forwarded once)",
    "generator-subscripts": "get-only and get set subscripts through the generator, `--default 'subscript(_:)=…'`",
    "decision-names": "handler names beyond `…Handler`: `completion`, `reply`, `callback`, `…Completion`, "
    "`…Callback`, `…Reply`, as label or as name",
    "macro-refinement": "`@Multiplexed` on a protocol that refines another `@Multiplexed` protocol",
    "one-error-associated-self": "associated types and `Self` requirements, refused with one error each",
    "foreign-types": "types of another module in the signatures (Foundation's `TimeInterval`, `URL`)",
    "inout": "inout parameters (chained through the observers)",
    "tuples": "tuple parameters and results",
    "optionals": "Optional and implicitly unwrapped parameters and results",
    "existentials": "`any` and `some` parameters",
    "attributes": "@discardableResult and @available on requirements",
    "refinement": "a protocol refining another",
    "properties": "get and get set properties, effectful getters",
    "subscripts": "subscripts, overloaded, get and get set",
    "throws": "throws and typed throws",
    "async": "async requirements",
    "sendable": "protocols refining Sendable",
    "refusals": "protocols with one shape the front ends refuse, expecting exactly one error",
    "events": "an event stream open during the drive (it must change no answer and no call)",
}
