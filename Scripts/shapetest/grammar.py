"""The vocabulary of random protocols: names (keywords, names the generated code uses, handler names and
lookalikes), parameter types (PType) and result types (RType), and the decided-once rule as the documents
state it (`is_decision`).
"""

KEYWORDS = ["for", "in", "default", "do", "where", "is", "as", "class", "func", "return", "throws", "repeat",
            "switch", "case", "while", "if", "import", "struct", "try", "catch", "guard", "defer", "operator",
            "extension", "protocol", "static", "public", "internal", "rethrows", "break", "continue", "else",
            "enum", "typealias", "subscript", "deinit"]
PLAIN_NAMES = ["value", "index", "item", "count", "other", "flag", "payload", "info", "sender", "amount", "key"]
SHADOWING_NAMES = ["combiner", "responses", "defaultValue", "multiplexer", "observer", "result", "error",
                   "Multiplex", "Swift", "notImplemented", "async", "some", "any", "get", "set", "open",
                   "actor", "observers", "token", "source", "events", "Event"]
UNDERSCORED_NAMES = ["_multiplexer", "_combiner", "_value"]
METHOD_NAMES = ["update", "handle", "did", "will", "should", "process", "notify", "change", "visit", "report"]
PROPERTY_NAMES = ["state", "level", "title", "isActive", "limit", "current", "mode"]
# Closure parameters that make a Void, non-async method decided once (as label or as name), and lookalikes that
# do not (Requirement+Decisions.swift: `handler`, `completion`, `callback`, `reply`, or a name ending in one of them
# capitalized).
HANDLER_NAMES = ["handler", "completionHandler", "decisionHandler", "replyHandler"]
MORE_HANDLER_NAMES = ["completion", "reply", "callback", "onCompletion", "resultCallback", "withReply",
                      "didReply"]
OTHER_CLOSURE_NAMES = ["onEvent", "sink", "body", "transform", "completionBlock", "handlers", "replyQueue",
                       "callbacks", "handlerBlock"]
HANDLER_WORDS = ["handler", "completion", "callback", "reply"]
HANDLER_TYPES = ["@escaping (Int) -> Void", "@escaping @Sendable (Int) -> Void", "(Int) -> Void",
                 "((Int) -> Void)?", "(@Sendable (Int) -> Void)?", "(Int) throws -> Void"]


def is_handler_name(name):
    """The decided-once rule's test of a label or parameter name."""
    return name is not None and any(name == w or name.endswith(w[0].upper() + w[1:]) for w in HANDLER_WORDS)


def is_decision(req):
    """Whether the multiplexer sends `req` to one observer: the user's choice, else the documented rule."""
    if req.choice is not None:
        return req.choice == "once"
    return req.kind == "method" and req.result is None and not req.is_async and any(
        p.ptype.family in ("fn", "fnopt", "handler", "handleropt", "auto")
        and (is_handler_name(p.label) or is_handler_name(p.name)) for p in req.params)


def q(text):
    """A Swift string literal of `text` (ASCII, no escapes needed in what we generate)."""
    return '"' + text + '"'


def bt(name):
    """`name` in backticks (any identifier may be written so)."""
    return "`" + name + "`"


class PType:
    """A parameter type: its spelling, an argument for it, and how an observer logs it.

    `describe` is a Swift expression of type String, with `{x}` the parameter and `{id}` the observer's id;
    `expect(value, id)` is the text it gives.
    """

    def __init__(self, decl, tag, make, describe, expect, family, extra=None):
        self.decl, self.tag, self.make, self.describe, self.expect, self.family = \
            decl, tag, make, describe, expect, family
        self.extra = extra  # "inout", "handler" or None


def int_value(rng):
    v = rng.randint(1, 99)
    return (str(v), v)


def param_types(rng, generic=None):
    """The parameter types available, with their feature tags."""
    types = [
        PType("Int", None, lambda r: int_value(r), '"\\({x})"', lambda v, i: str(v), "int"),
        PType("String", None, lambda r: (lambda v: (q(v), v))("s%d" % r.randint(1, 99)), "{x}",
              lambda v, i: v, "string"),
        PType("[Int]", None, lambda r: (lambda a: ("[" + ", ".join(map(str, a)) + "]", a))(
            [r.randint(1, 9) for _ in range(r.randint(0, 3))]), '"\\({x})"',
            lambda v, i: "[" + ", ".join(map(str, v)) + "]", "array"),
        PType("Int?", "optionals", lambda r: (lambda v: ("Int?.none" if v is None else "Optional(%d)" % v, v))(
            None if r.random() < 0.3 else r.randint(1, 99)), '(({x}).map {{ "\\($0)" }} ?? "nil")',
            lambda v, i: "nil" if v is None else str(v), "optint"),
        PType("Int!", "optionals", lambda r: int_value(r), '"\\({x}!)"', lambda v, i: str(v), "iuo"),
        PType("String?", "optionals", lambda r: (lambda v: (q(v), v))("t%d" % r.randint(1, 9)),
              '({x} ?? "nil")', lambda v, i: v, "optstring"),
        PType("(Int, String)", "tuples", lambda r: (lambda v: ("(%d, %s)" % (v, q("u%d" % v)), v))(
            r.randint(1, 9)), '"\\({x}.0),\\({x}.1)"', lambda v, i: "%d,u%d" % (v, v), "tuple"),
        PType("(x: Int, y: Int)", "tuples", lambda r: (lambda v: ("(x: %d, y: %d)" % (v, v + 1), v))(
            r.randint(1, 9)), '"\\({x}.x),\\({x}.y)"', lambda v, i: "%d,%d" % (v, v + 1), "ltuple"),
        PType("some CustomStringConvertible", "existentials", lambda r: int_value(r), '"\\({x})"',
              lambda v, i: str(v), "some"),
        PType("any CustomStringConvertible", "existentials", lambda r: int_value(r), "{x}.description",
              lambda v, i: str(v), "any"),
        PType("(any CustomStringConvertible)?", "existentials", lambda r: int_value(r),
              '({x}?.description ?? "nil")', lambda v, i: str(v), "anyopt"),
        PType("some Hashable & Sendable", "existentials", lambda r: int_value(r), '"\\({x})"',
              lambda v, i: str(v), "somehash"),
        PType("(Int) -> Int", "closures", closure_arg, '"\\({x}({id}))"', lambda v, i: str(i * 10), "fn"),
        PType("@escaping (Int) -> Int", "closures", closure_arg, '"\\({x}({id}))"', lambda v, i: str(i * 10),
              "fn"),
        PType("@Sendable (Int) -> Int", "closures", closure_arg, '"\\({x}({id}))"', lambda v, i: str(i * 10),
              "fn"),
        PType("@escaping @Sendable (Int) -> Int", "closures", closure_arg, '"\\({x}({id}))"',
              lambda v, i: str(i * 10), "fn"),
        PType("(Int) throws -> Int", "closures", closure_arg, '"\\((try? {x}({id})) ?? -1)"',
              lambda v, i: str(i * 10), "fn"),
        PType("(Int) throws(ShapeError) -> Int", "closures", closure_arg, '"\\((try? {x}({id})) ?? -1)"',
              lambda v, i: str(i * 10), "fn"),
        PType("((Int) -> Int)?", "closures", closure_arg, '"\\({x}?({id}) ?? -1)"', lambda v, i: str(i * 10),
              "fnopt"),
        PType("@autoclosure () -> Int", "closures", lambda r: int_value(r), '"\\({x}())"', lambda v, i: str(v),
              "auto"),
        PType("inout Int", "inout", lambda r: int_value(r), '"\\({x})"', None, "inout", extra="inout"),
        PType("inout String", "inout", lambda r: (lambda v: (q(v), v))("w%d" % r.randint(1, 9)), "{x}", None,
              "inoutstring", extra="inout"),
    ]
    types += [
        PType("TimeInterval", "foreign-types", lambda r: (lambda v: ("%d.5" % v, v))(r.randint(1, 9)), '"\\({x})"',
              lambda v, i: "%d.5" % v, "foreign"),
        PType("URL?", "foreign-types", lambda r: (lambda v: ('URL(string: "https://h/%d")' % v, v))(r.randint(1, 9)),
              '({x}?.absoluteString ?? "nil")', lambda v, i: "https://h/%d" % v, "foreignopt"),
    ]
    if generic:
        name = generic
        types += [
            PType(name, "generics", lambda r: int_value(r), '"\\({x})"', lambda v, i: str(v), "generic"),
            PType("[%s]" % name, "generics", lambda r: (lambda v: ("[%d]" % v, v))(r.randint(1, 9)), '"\\({x})"',
                  lambda v, i: "[%d]" % v, "genericarray"),
        ]
    return types


def closure_arg(rng):
    return ("{ (v: Int) -> Int in v &* 10 }", None)


class RType:
    """A result type: spelling, whether Optional, what observer `id` answers for requirement `r`, and how the
    drive logs it."""

    def __init__(self, decl, tag, optional, answer, answer_swift, describe, default=None, family=None):
        self.decl, self.tag, self.optional = decl, tag, optional
        self.answer = answer  # (id, r) -> Python text of the logged answer, or None for nil
        self.answer_swift = answer_swift  # Swift expression, {id} and {r}
        self.describe = describe  # Swift String expression of {x}
        self.default = default  # (Swift expression, logged text) when not Optional
        self.family = family or decl


def nil_when_odd(id_, r):
    return (id_ + r) % 2 == 1


def result_types(generic_param=None):
    types = [
        RType("Int", None, False, lambda i, r: str(i * 100 + r), "{id} * 100 + {r}", '"\\({x})"', ("-1", "-1")),
        RType("Bool", None, False, lambda i, r: "true" if (i + r) % 2 == 0 else "false", "({id} + {r}) % 2 == 0",
              '"\\({x})"', ("false", "false")),
        RType("[Int]", None, False, lambda i, r: "[%d, %d]" % (i, r), "[{id}, {r}]", '"\\({x})"', ("[]", "[]")),
        RType("Int?", "optionals", True, lambda i, r: None if nil_when_odd(i, r) else str(i * 100 + r),
              "({id} + {r}) % 2 == 1 ? nil : {id} * 100 + {r}", '(({x}).map {{ "\\($0)" }} ?? "nil")'),
        RType("String?", "optionals", True, lambda i, r: None if nil_when_odd(i, r) else "o%d" % i,
              '({id} + {r}) % 2 == 1 ? nil : "o\\({id})"', '({x} ?? "nil")'),
        RType("Int!", "optionals", True, lambda i, r: None if nil_when_odd(i, r) else str(i * 100 + r),
              "({id} + {r}) % 2 == 1 ? nil : {id} * 100 + {r}", '(({x}).map {{ "\\($0)" }} ?? "nil")'),
        RType("(Int, Int)?", "tuples", True, lambda i, r: None if nil_when_odd(i, r) else "%d,%d" % (i, r),
              "({id} + {r}) % 2 == 1 ? nil : ({id}, {r})", '(({x}).map {{ "\\($0.0),\\($0.1)" }} ?? "nil")'),
        RType("(sum: Int, product: Int)", "tuples", False, lambda i, r: "%d,%d" % (i, r), "(sum: {id}, product: {r})",
              '"\\({x}.sum),\\({x}.product)"', ("(sum: 0, product: 0)", "0,0")),
    ]
    return types
