#!/usr/bin/env python3
"""Randomized shape test of `@Multiplexed` and `multiplex-generate` (DESIGN.md §5, issue 23).

A seeded generator writes random class-bound protocols over the requirement grammar (keywords as labels and
parameter names, overloads, generics and constraints, closures escaping/@Sendable/throwing, inout, tuples,
optionals and IUOs, existentials and `some`, attributes, refinements that restate requirements, get/set
properties, overloaded subscripts, throws, typed throws, async) and, for each protocol, observers that log every
call and a drive that calls every requirement through the multiplexer and compares the log and the answers with
what the documented rules say. Each protocol goes through both front ends:

- macro:     `@Multiplexed` on the protocol, compiled with the package's macro plugin, linked and run. Answers are
             the first responder's (an observer that leaves an optional requirement to its default does not
             respond), or the default when none responds.
- generator: the protocol (public, without the macro) compiled into a module `ShapesLib` with its symbol graph,
             `multiplex-generate` run on that graph (`--symbol-graph-dir`, with a `--default` for each requirement
             whose result is not Optional), the generated file compiled with the drive, linked and run. Every
             observer responds; Optional answers combine as the first non-nil, others as the first.

Both: a requirement decided once (a Void, non-async method with a closure parameter, in any position, labelled
or named like a handler; or marked so by the user) reaches one observer: the generator's first, the macro's first
that implements it, nobody when none does (Requirement+Decisions.swift, UsingMultiplexed.md,
MultiplexingDelegatesYouDidNotDeclare.md).

A protocol with one shape the front ends refuse (static members, initializers, variadic, rethrows, ...) must
instead get exactly one `error:`: from the compiler on the refused requirement's line (macro), or from the tool
naming the requirement (generator).

Protocols are compiled in batches (one compiler invocation per batch and front end, one file per protocol); a
batch that fails is split by the files the errors name, and every failing protocol is reported with its seed,
index, source and errors. A failure found is kept as a named regression file in Tests/ShapeRegressions/, which
`--regressions` compiles and runs the same way (CI does).

Usage (after `swift build --product multiplex-generate` and `swift build --target MultiplexMacros`, i.e. a
debug build of the package):

    python3 Scripts/shape-test.py                      # the CI batch: seeds 1-2, 24 protocols each
    python3 Scripts/shape-test.py --seed 7 --count 200 # a longer local batch, deterministic by seed
    python3 Scripts/shape-test.py --seed 7 --only 13 --show   # one protocol, its files printed
    python3 Scripts/shape-test.py --regressions        # the named regression files only
    python3 Scripts/shape-test.py --enable underscored-names  # turn on a pending feature (see --list-features)
    python3 Scripts/shape-test.py --seed 7 --only 13 --save NAME --what "what failed"  # keep as a regression
    python3 Scripts/shape-test.py --negative-control --seed 1 --only 2 --only 5  # a wrong rule must fail drives

Exit status: 0 when every protocol passed, 1 when any failed, 2 on bad usage or a broken harness.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGRESSIONS = os.path.join(ROOT, "Tests", "ShapeRegressions")

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


# MARK: Types


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


# MARK: Requirements


class Param:
    def __init__(self, label, name, ptype, value_text, value):
        self.label, self.name, self.ptype, self.value_text, self.value = label, name, ptype, value_text, value

    def decl(self, subscript=False):
        """`label name: Type`; one name when the label is the name (a method) or there is none (a subscript)."""
        if subscript and self.label is None:
            return "%s: %s" % (self.name, self.ptype.decl)
        if self.label == self.name and not subscript:
            return "%s: %s" % (self.name, self.ptype.decl)
        return "%s %s: %s" % (self.label or "_", self.name, self.ptype.decl)


class Req:
    def __init__(self, kind, name, index):
        self.kind, self.name, self.index = kind, name, index
        self.params, self.generic, self.where, self.result = [], None, "", None
        self.is_async, self.throws, self.attrs, self.settable = False, None, [], False
        self.default, self.required = None, False
        self.combine = None  # a combining policy: @MultiplexedCombine(.NAME), --combine REQ=NAME
        self.choice = None  # "once" or "every": @MultiplexedDecidedOnce / --decided-once, or the opposite
        self.refused = None  # a shape the front ends refuse: its kind
        self.raw = None  # for refused shapes: the declaration text

    def signature_key(self):
        if self.kind == "property":
            return ("property", self.name)
        labels = tuple((p.label or "_") for p in self.params)
        families = tuple(p.ptype.family for p in self.params)
        return (self.kind, self.name, labels, families)

    def label_key(self):
        if self.kind == "property":
            return ("property", self.name)
        labels = tuple((p.label or "_") for p in self.params)
        return (self.kind, self.name, labels)

    def display_name(self):
        """The requirement's name as the tools print it: `f(_:for:)`, `subscript(_:)`, `state`."""
        if self.kind == "property":
            return self.name
        labels = []
        for p in self.params:
            labels.append((p.label or "_") + ":")
        base = "subscript" if self.kind == "subscript" else self.name
        return base + "(" + "".join(labels) + ")"

    def effects(self):
        text = ""
        if self.is_async:
            text += " async"
        if self.throws == "throws":
            text += " throws"
        elif self.throws == "typed":
            text += " throws(ShapeError)"
        return text

    def decl(self, public=False):
        """The requirement as declared in the protocol (one line, after its attribute lines)."""
        if self.raw:
            return self.raw
        generic = "<%s>" % self.generic if self.generic else ""
        where = " where " + self.where if self.where else ""
        if self.kind == "method":
            params = ", ".join(p.decl() for p in self.params)
            result = " -> " + self.result.decl if self.result else ""
            return "func %s%s(%s)%s%s%s" % (self.name, generic, params, self.effects(), result, where)
        if self.kind == "property":
            accessors = "get set" if self.settable else "get" + self.effects()
            return "var %s: %s { %s }" % (self.name, self.result.decl, accessors)
        params = ", ".join(p.decl(subscript=True) for p in self.params)
        accessors = "get set" if self.settable else "get" + self.effects()
        return "subscript%s(%s) -> %s%s { %s }" % (generic, params, self.result.decl, where, accessors)


class Case:
    """One random protocol (and its parent, for a refinement), with what each front end must do."""

    def __init__(self, name, seed, index):
        self.name, self.seed, self.index = name, seed, index
        self.parent = None  # list of Req for the parent protocol
        self.reqs = []  # the protocol's own requirements (a restated one is also in parent)
        self.sendable = False
        self.available = False
        self.refusal = None  # the refused Req when this case tests a refusal
        self.events = False  # the drive opens an event stream on each multiplexer

    @property
    def proto(self):
        return self.name + "Delegate"

    @property
    def parent_proto(self):
        return self.name + "Base"

    def all_reqs(self):
        """Every requirement an observer implements, each once."""
        seen, out = set(), []
        for r in (self.parent or []) + self.reqs:
            key = r.signature_key() + (r.result.decl if r.result else "",)
            if key in seen:
                continue
            seen.add(key)
            out.append(r)
        return out


class Generator:
    def __init__(self, features):
        self.features = features

    def on(self, tag):
        return tag is None or tag in self.features

    def case(self, seed, index):
        rng = random.Random("%d:%d" % (seed, index))
        case = Case("Z%dn%dQ" % (seed, index), seed, index)
        self.counter = 0
        case.sendable = self.on("sendable") and rng.random() < 0.15
        case.available = self.on("attributes") and rng.random() < 0.15
        case.events = self.on("events") and not case.sendable and rng.random() < 0.5
        case.events_first = rng.random() < 0.5  # opened before the observers are added
        if self.on("refusals") and rng.random() < 0.12:
            case.reqs = self.requirements(rng, rng.randint(0, 3))
            refused = self.refused(rng)
            if refused is not None:
                case.reqs.insert(rng.randint(0, len(case.reqs)), refused)
                case.refusal = refused
                return case
        if self.on("refinement") and rng.random() < 0.25:
            case.parent = self.requirements(rng, rng.randint(1, 4))
            case.reqs = self.requirements(rng, rng.randint(1, 4), taken=case.parent)
            if self.on("restated-requirements") and rng.random() < 0.5:
                case.reqs.insert(rng.randint(0, len(case.reqs)), rng.choice(case.parent))
        else:
            case.reqs = self.requirements(rng, rng.randint(1, 9))
        if self.on("combine"):
            # A combining policy for a requirement whose name is its own (overloads share `--combine`'s name).
            names = [r.display_name() for r in case.all_reqs()]
            for req in case.all_reqs():
                if req.result and req.result.decl != "T?" and names.count(req.display_name()) == 1 \
                        and rng.random() < 0.25:
                    req.combine = rng.choice(combining_policies(req.result))
        return case

    def requirements(self, rng, count, taken=()):
        reqs = []
        keys = {r.label_key() for r in taken}
        attempts = 0
        while len(reqs) < count and attempts < count * 20:
            attempts += 1
            roll = rng.random()
            if roll < 0.15 and self.on("properties"):
                req = self.property(rng)
            elif roll < 0.25 and self.on("subscripts"):
                req = self.subscript(rng)
            else:
                req = self.method(rng)
            if req is None or req.label_key() in keys:
                continue
            keys.add(req.label_key())
            reqs.append(req)
            # An overload by parameter type: the same name and labels, another type family.
            if self.on("overloads") and req.kind != "property" and req.params and rng.random() < 0.2:
                twin = self.retype(rng, req)
                if twin is not None:
                    reqs.append(twin)
        return reqs

    def next_index(self):
        self.counter += 1
        return self.counter

    def name(self, rng, keyword_ok=True):
        roll = rng.random()
        if roll < 0.2 and self.on("keyword-names") and keyword_ok:
            return rng.choice(KEYWORDS + ["await"])
        if roll < 0.45 and self.on("shadowing-names"):
            return rng.choice(SHADOWING_NAMES)
        if roll < 0.5 and self.on("underscored-names"):
            return rng.choice(UNDERSCORED_NAMES)
        return rng.choice(PLAIN_NAMES)

    def label(self, rng):
        roll = rng.random()
        if roll < 0.3:
            return None
        if roll < 0.5 and self.on("keyword-labels"):
            return rng.choice(KEYWORDS)
        return rng.choice(PLAIN_NAMES + ["at", "with", "from", "to", "of", "by"])

    def param(self, rng, types, used, subscript=False):
        for _ in range(20):
            ptype = rng.choice(types)
            if not self.on(ptype.tag) or (subscript and (ptype.extra or ptype.family in ("fn", "fnopt", "auto"))):
                continue
            name = self.name(rng)
            if name in used:
                continue
            label = self.label(rng)
            if subscript:
                label = None if rng.random() < 0.6 else label  # None: one name, no argument label
            elif rng.random() < 0.3:
                label = name  # one name, label and parameter
            if not subscript and label == name and name in KEYWORDS and not self.on("keyword-names"):
                continue
            text, value = ptype.make(rng)
            used.add(name)
            return Param(label, name, ptype, text, value)
        return None

    def method(self, rng):
        req = Req("method", rng.choice(METHOD_NAMES) + rng.choice(["", "", "It", "Now"]), self.next_index())
        if self.on("generics") and rng.random() < 0.2:
            constraint = rng.choice(["CustomStringConvertible", "Equatable", "Hashable & Sendable", "Comparable"])
            if rng.random() < 0.4:
                req.generic, req.where = "T", "T: " + constraint
            else:
                req.generic = "T: " + constraint
        types = param_types(rng, "T" if req.generic else None)
        used = set()
        for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
            p = self.param(rng, types, used)
            if p:
                req.params.append(p)
        if req.generic and not any(p.ptype.family == "generic" for p in req.params):
            req.params.append(Param(None, "generic", types[-2], *types[-2].make(rng)))
        if self.on("async") and rng.random() < 0.15:
            req.is_async = True
        if self.on("throws") and rng.random() < 0.2:
            req.throws = rng.choice(["throws", "typed"])
        if rng.random() < 0.5:
            results = [t for t in result_types() if self.on(t.tag)]
            if req.generic and self.on("optionals") and rng.random() < 0.5:
                results = [generic_result()]
            req.result = rng.choice(results)
            if not req.result.optional:
                req.default = req.result.default
            if self.on("attributes") and rng.random() < 0.3:
                req.attrs.append("@discardableResult")
        if self.on("closures") and rng.random() < (0.25 if req.result or req.is_async else 0.5):
            # A closure named like a handler (or like one), in any position: decided once when the method returns
            # nothing and is not async (see is_decision).
            roll = rng.random()
            if roll < 0.35 and self.on("decisions"):
                name = rng.choice(HANDLER_NAMES)
            elif roll < 0.6 and self.on("decision-names"):
                name = rng.choice(MORE_HANDLER_NAMES)
            else:
                name = rng.choice(OTHER_CLOSURE_NAMES)
            if name not in {p.name for p in req.params}:
                roll = rng.random()
                if roll < 0.1:
                    # Not a closure: a handler's name alone decides nothing.
                    ptype = next(t for t in param_types(rng) if t.family == "int")
                    text, value = ptype.make(rng)
                else:
                    kind = rng.choice(HANDLER_TYPES)
                    family = "handleropt" if kind.endswith("?") else "handler"
                    call = "({x}?({id}))" if family == "handleropt" else "({x}({id}))"
                    if "throws" in kind:
                        call = "(try? {x}({id}))"
                    ptype = PType(kind, "closures", None, '"cb"', lambda v, i: "cb", family, extra="handler")
                    ptype.call = call
                    text, value = "{ (v: Int) in shapeLog.append(\"cb\\(v)\") }", None
                label_roll = rng.random()
                if label_roll < 0.3:
                    label = None
                elif label_roll < 0.55:
                    label = name
                elif label_roll < 0.75:
                    label = "then"
                else:
                    label = rng.choice(HANDLER_NAMES + MORE_HANDLER_NAMES if self.on("decision-names")
                                       else HANDLER_NAMES)
                    name = rng.choice([n for n in PLAIN_NAMES if n not in {p.name for p in req.params}])
                req.params.insert(rng.randint(0, len(req.params)), Param(label, name, ptype, text, value))
        if self.on("decision-choices") and req.result is None and rng.random() < 0.15:
            # The user's choice overrides the rule either way (decided once only fits a Void, non-async method).
            req.choice = "every" if req.is_async else rng.choice(["once", "every"])
        if self.on("attributes") and rng.random() < 0.15:
            req.attrs.append(rng.choice(["@available(macOS 10.15, iOS 13, *)", "@available(swift 5.0)"]))
        req.required = rng.random() < 0.15
        return req

    def retype(self, rng, req):
        """An overload of `req`: the same labels, the first parameter of another type family."""
        if req.generic or req.kind == "subscript":
            return None
        twin = Req(req.kind, req.name, self.next_index())
        twin.params = list(req.params)
        first = req.params[0]
        if first.ptype.extra:
            return None
        families = {"int": "string", "string": "array", "array": "int"}
        wanted = families.get(first.ptype.family)
        if wanted is None:
            return None
        ptype = next(t for t in param_types(rng) if t.family == wanted)
        text, value = ptype.make(rng)
        twin.params[0] = Param(first.label, first.name, ptype, text, value)
        twin.is_async, twin.throws = req.is_async, req.throws
        twin.result, twin.default, twin.required = req.result, req.default, req.required
        twin.choice = req.choice
        return twin

    def property(self, rng):
        req = Req("property", rng.choice(PROPERTY_NAMES) + str(rng.randint(0, 9)), self.next_index())
        req.settable = rng.random() < 0.4
        choices = [t for t in result_types() if self.on(t.tag) and t.decl in ("Int", "Int?", "String?", "Bool")]
        req.result = rng.choice(choices)
        if not req.settable:
            if self.on("async") and rng.random() < 0.15:
                req.is_async = True
            if self.on("throws") and rng.random() < 0.2:
                req.throws = rng.choice(["throws", "typed"])
        if not req.result.optional:
            req.default = req.result.default
        req.required = rng.random() < 0.15
        return req

    def subscript(self, rng):
        req = Req("subscript", "subscript", self.next_index())
        types = [t for t in param_types(rng) if t.family in ("int", "string")]
        used = set()
        for _ in range(rng.choice([1, 1, 2])):
            p = self.param(rng, types, used, subscript=True)
            if p:
                req.params.append(p)
        if not req.params:
            return None
        req.settable = rng.random() < 0.4
        choices = [t for t in result_types() if self.on(t.tag) and t.decl in ("Int", "Int?", "String?")]
        req.result = rng.choice(choices)
        if not req.settable:
            if self.on("async") and rng.random() < 0.1:
                req.is_async = True
            if self.on("throws") and rng.random() < 0.15:
                req.throws = rng.choice(["throws", "typed"])
        if not req.result.optional:
            req.default = req.result.default
        req.required = rng.random() < 0.15
        return req

    def refused(self, rng):
        kinds = ["static", "init", "variadic", "rethrows", "consuming", "staticvar"]
        if self.on("one-error-associated-self"):
            kinds += ["associatedtype", "selfresult", "selfparam"]
        kind = rng.choice(kinds)
        req = Req("refused", kind, self.next_index())
        req.refused = kind
        req.raw = {
            "static": "static func make%d() -> Int?" % req.index,
            "staticvar": "static var shared%d: Int? { get }" % req.index,
            "init": "init(value%d: Int)" % req.index,
            "variadic": "func add%d(_ values: Int...)" % req.index,
            "rethrows": "func run%d(_ body: () throws -> Void) rethrows" % req.index,
            "consuming": "func take%d(_ value: consuming String)" % req.index,
            # Used by another requirement: still one root cause, so one error (on the associated type).
            "associatedtype": "associatedtype Element{0}\n  func take{0}(_ element: Element{0}) -> Element{0}".format(
                req.index),
            "selfresult": "func copy%d() -> Self?" % req.index,
            "selfparam": "func isSame%d(as other: Self) -> Bool?" % req.index,
        }[kind]
        req.display = {
            "static": "make%d()", "staticvar": "shared%d", "init": "init(value%d:)", "variadic": "add%d(_:)",
            "rethrows": "run%d(_:)", "consuming": "take%d(_:)", "associatedtype": "Element%d",
            "selfresult": "copy%d()", "selfparam": "isSame%d(as:)",
        }[kind] % req.index
        return req


def combining_policies(rtype):
    """The built-in combiners that fit a result type (Requirement+Decisions.swift, `validPolicies`)."""
    return ["first", "last"] + (["anyTrue", "allTrue"] if rtype.decl == "Bool" else []) + (
        ["firstNonNil"] if rtype.optional else [])


def generic_result():
    return RType("T?", "generics", True, None, None, '(({x}).map {{ "\\($0)" }} ?? "nil")')


# MARK: Rendering


def fmt(template, **values):
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", value)
    return out.replace("{{", "{").replace("}}", "}")


def swift_describe(template, x, id_="id"):
    return fmt(template, x=x, id=id_)


def describe_result(rtype, x):
    return fmt(rtype.describe, x=x)


def answer_swift(req, rtype):
    if rtype.answer_swift is None:  # T?: the generic argument, or nil
        generic = next(p for p in req.params if p.ptype.family == "generic")
        return "(id + %d) %% 2 == 1 ? nil : %s" % (req.index, bt(generic.name))
    return fmt(rtype.answer_swift, id="id", r=str(req.index))


def answer_text(req, rtype, id_):
    if rtype.answer is None:
        generic = next(p for p in req.params if p.ptype.family == "generic")
        return None if nil_when_odd(id_, req.index) else str(generic.value)
    return rtype.answer(id_, req.index)


def entry_swift(req, suffix=""):
    """The observer's log line for a call of `req`: `O<id>.r<index>(<arguments>)`."""
    if req.kind == "property":
        return '"O\\(id).r%d%s"' % (req.index, suffix)
    parts = [swift_describe(p.ptype.describe, bt(p.name)) for p in req.params]
    joined = "[" + ", ".join(parts) + "].joined(separator: \"|\")" if parts else '""'
    return '"O\\(id).r%d(" + %s + ")%s"' % (req.index, joined, suffix)


def observer_member(req):
    lines = []
    attrs = [a for a in req.attrs]
    if req.kind == "method":
        body = ["shapeLog.append(%s)" % entry_swift(req)]
        for p in req.params:
            if p.ptype.extra == "inout":
                body.append("%s += %s" % (bt(p.name), "id" if p.ptype.decl == "inout Int" else '"\\(id)"'))
        for p in req.params:
            if p.ptype.extra == "handler":
                body.append("_ = " + fmt(p.ptype.call, x=bt(p.name), id="id"))
        if req.throws:
            body.append("if shapeFailing.contains(id) { throw ShapeError(code: id) }")
        if req.result:
            body.append("return " + answer_swift(req, req.result))
        lines += attrs + [req.decl() + " {"] + ["  " + b for b in body] + ["}"]
        return lines
    if req.kind == "property":
        head = "var %s: %s {" % (req.name, req.result.decl)
        entry_get = '"O\\(id).r%d.get"' % req.index
    else:
        generic = "<%s>" % req.generic if req.generic else ""
        head = "subscript%s(%s) -> %s {" % (generic, ", ".join(p.decl(subscript=True) for p in req.params),
                                         req.result.decl)
        entry_get = entry_swift(req)
    getter = ["shapeLog.append(%s)" % entry_get]
    if req.throws:
        getter.append("if shapeFailing.contains(id) { throw ShapeError(code: id) }")
    getter.append("return " + answer_swift(req, req.result))
    lines += attrs + [head, "  get%s {" % req.effects()] + ["    " + g for g in getter] + ["  }"]
    if req.settable:
        if req.kind == "property":
            entry_set = '"O\\(id).r%d.set(" + %s + ")"' % (req.index, describe_result(req.result, "newValue"))
        else:
            entry_set = entry_swift(req, "=") + " + " + describe_result(req.result, "newValue")
        lines += ["  set {", "    shapeLog.append(%s)" % entry_set, "  }"]
    lines.append("}")
    return lines


def set_value(rtype):
    """A value to set a property or subscript of `rtype` to, and its logged text."""
    return {"Int": ("7", "7"), "Int?": ("7", "7"), "String?": ('"n7"', "n7"), "Bool": ("true", "true")}[rtype.decl]


class Expectation:
    """The expected log of a drive, built call by call by the rules of one front end."""

    def __init__(self, front):
        self.front, self.log = front, []

    def responders(self, req):
        implementers = ([0] if self.front == "macro" and req.required else []) + [1, 2, 3]
        # Decided once: the first observer (the macro's first that implements the requirement).
        return implementers[:1] if is_decision(req) else implementers

    def entries(self, req, responders, suffix=""):
        chained = {i: p.value for i, p in enumerate(req.params) if p.ptype.extra == "inout"}
        for oid in responders:
            if req.kind == "property":
                self.log.append("O%d.r%d%s" % (oid, req.index, suffix or ".get"))
                continue
            parts = []
            for i, p in enumerate(req.params):
                if p.ptype.extra == "inout":
                    parts.append(str(chained[i]))
                    chained[i] = chained[i] + oid if isinstance(chained[i], int) else chained[i] + str(oid)
                else:
                    parts.append(p.ptype.expect(p.value, oid))
            self.log.append("O%d.r%d(%s)%s" % (oid, req.index, "|".join(parts), suffix))
            for p in req.params:
                if p.ptype.extra == "handler":
                    self.log.append("cb%d" % oid)
        return chained

    def combined(self, req, responders):
        rtype = req.result
        answers = [answer_text(req, rtype, oid) for oid in responders]
        if not responders:
            return "nil" if rtype.optional else (req.default or rtype.default)[1]
        policy = req.combine or ("firstNonNil" if self.front == "generator" and rtype.optional else "first")
        if policy == "firstNonNil":
            found = [a for a in answers if a is not None]
            return found[0] if found else "nil"
        if policy in ("anyTrue", "allTrue"):
            truths = [a == "true" for a in answers]
            return "true" if (any(truths) if policy == "anyTrue" else all(truths)) else "false"
        answer = answers[-1] if policy == "last" else answers[0]
        return "nil" if answer is None else answer

    def call(self, req, failing=()):
        responders = self.responders(req)
        chained = self.entries(req, responders)
        failed = [oid for oid in responders if oid in failing]
        if req.throws and failed:
            self.log.append("r%d!%d" % (req.index, failed[0]))
        elif req.result:
            self.log.append("r%d=%s" % (req.index, self.combined(req, responders)))
        elif req.throws:
            self.log.append("r%d=ok" % req.index)
        for i, p in enumerate(req.params):
            if p.ptype.extra == "inout":
                self.log.append("r%d&%s" % (req.index, chained[i]))

    def set(self, req, text):
        responders = [0, 1, 2, 3] if self.front == "macro" and req.required else [1, 2, 3]
        if req.kind == "property":
            for oid in responders:
                self.log.append("O%d.r%d.set(%s)" % (oid, req.index, text))
        else:
            self.entries(req, responders, "=" + text)


def call_expr(req, target, inout_vars):
    if req.kind == "property":
        return "%s.%s" % (target, req.name)
    args = []
    for i, p in enumerate(req.params):
        value = "&" + inout_vars[i] if p.ptype.extra == "inout" else p.value_text
        label = p.label
        args.append(("%s: %s" % (label, value)) if label else value)
    if req.kind == "subscript":
        return "%s[%s]" % (target, ", ".join(args))
    return "%s.%s(%s)" % (target, req.name, ", ".join(args))


def result_annotation(req):
    if req.result.decl == "T?":
        return ""
    return ": " + req.result.decl.replace("!", "?")


def drive_lines(case, front):
    """`func drive_<name>() async -> [String]`: calls every requirement, returns what went wrong."""
    proto, reqs = case.proto, case.all_reqs()
    exp = Expectation(front)
    # The macro's multiplexer has `events()` unless the protocol refines another, a requirement is required or
    # names `events`/`Event`; the generator's, only when the module implements every requirement (never here). See
    # UsingMultiplexed.md.
    streams = case.events and front == "macro" and not case.parent and not any(r.required for r in reqs) and not any(
        p.name in ("events", "Event") or p.label in ("events", "Event") for r in reqs for p in r.params)
    body = ["var failures: [String] = []", "shapeLog = []", "shapeFailing = []",
            "let m = %sMultiplexer()" % proto,
            "let o1 = %sObserver(1), o2 = %sObserver(2), o3 = %sObserver(3)" % (proto, proto, proto)]
    if streams and case.events_first:
        body.append("let stream = m.events()")
    if front == "macro":
        body += ["let silent = %sSilent()" % proto, "m.add(silent)"]
    body += ["m.add(o1)", "m.add(o2)", "m.add(o3)"]
    if streams and not case.events_first:
        body.append("let stream = m.events()")

    def invocation(req, failing):
        inout_vars = {}
        pre = []
        for i, p in enumerate(req.params):
            if p.ptype.extra == "inout":
                inout_vars[i] = "v%d_%d" % (req.index, i)
                pre.append("var %s: %s = %s" % (inout_vars[i], p.ptype.decl.split()[-1], p.value_text))
        effects = ("try " if req.throws else "") + ("await " if req.is_async else "")
        expr = effects + call_expr(req, "m", inout_vars)
        post = ["shapeLog.append(\"r%d&\" + %s)" % (req.index, swift_describe(req.params[i].ptype.describe,
                                                                             inout_vars[i])) for i in inout_vars]
        if req.result:
            call = ["let res%s = %s" % (result_annotation(req), expr),
                    "shapeLog.append(\"r%d=\" + %s)" % (req.index, describe_result(req.result, "res"))]
        elif req.throws:
            call = [expr, 'shapeLog.append("r%d=ok")' % req.index]
        else:
            call = [expr]
        lines = ["do {"] + ["  " + x for x in pre]
        if failing:
            lines.append("  shapeFailing = [2, 3]")
        if req.throws:
            lines += ["  do {"] + ["    " + c for c in call] + ["  } catch {",
                      '    shapeLog.append("r%d!\\(shapeCode(error))")' % req.index, "  }"]
        else:
            lines += ["  " + c for c in call]
        lines += ["  shapeFailing = []"] if failing else []
        lines += ["  " + x for x in post] + ["}"]
        exp.call(req, failing)
        return lines

    for req in reqs:
        body += invocation(req, ())
        if req.throws:
            body += invocation(req, (2, 3))
        if req.settable:
            value, text = set_value(req.result)
            inout_vars = {}
            body.append("%s = %s" % (call_expr(req, "m", inout_vars), value))
            exp.set(req, text)
    body.append("let expected: [String] = [")
    body += ["  %s," % swift_string(e) for e in exp.log]
    body.append("]")
    body.append('if shapeLog != expected { failures.append(shapeDiff(shapeLog, expected)) }')
    # With no observer: the default answers.
    body.append("let e = %sMultiplexer()" % proto)
    if streams:
        body.append("let emptyStream = e.events()")
    for req in reqs:
        if not req.result or req.result.decl == "T?" or any(p.ptype.extra for p in req.params):
            continue
        want = "nil" if req.result.optional else (req.default or req.result.default)[1]
        effects = ("try " if req.throws else "") + ("await " if req.is_async else "")
        call = ["let res%s = %s%s" % (result_annotation(req), effects, call_expr(req, "e", {})),
                "if %s != %s { failures.append(\"no observer: r%d answered \\(%s)\") }" % (
                    describe_result(req.result, "res"), swift_string(want), req.index,
                    describe_result(req.result, "res"))]
        if req.throws:
            body += ["do {"] + ["  " + c for c in call] + [
                "} catch {", '  failures.append("no observer: r%d threw")' % req.index, "}"]
        else:
            body += ["do {"] + ["  " + c for c in call] + ["}"]
    body += ["withExtendedLifetime((o1, o2, o3)) {}"]
    if streams:
        body += ["withExtendedLifetime((stream, emptyStream)) {}"]
    if front == "macro":
        body += ["withExtendedLifetime(silent) {}"]
    body.append("return failures")
    return ["func drive_%s() async -> [String] {" % case.name] + ["  " + b for b in body] + ["}"]


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def protocol_lines(case, front, parent=False):
    """The protocol (or its parent) as declared; returns (lines, {req index: line offset})."""
    public = "public " if front == "generator" else ""
    lines, at = [], {}
    reqs = case.parent if parent else case.reqs
    if front == "macro":
        lines.append("@Multiplexed")
    if case.available:
        lines.append("@available(macOS 10.15, iOS 13, *)")
    if parent:
        inherits = "AnyObject" + (", Sendable" if case.sendable else "")
        lines.append("%sprotocol %s: %s {" % (public, case.parent_proto, inherits))
    else:
        # The macro cannot see a parent's `Sendable`: a refinement restates it (UsingMultiplexed.md).
        if case.parent:
            inherits = case.parent_proto + (", Sendable" if case.sendable and front == "macro" else "")
        else:
            inherits = "AnyObject" + (", Sendable" if case.sendable else "")
        lines.append("%sprotocol %s: %s {" % (public, case.proto, inherits))
    for req in reqs:
        attrs = list(req.attrs)
        if front == "macro" and not req.refused:
            if req.required:
                attrs.append("@MultiplexedRequired")
            if req.default:
                attrs.append("@MultiplexedDefault(%s)" % req.default[0])
            if req.combine:
                attrs.append("@MultiplexedCombine(.%s)" % req.combine)
            if req.choice:
                attrs.append("@MultiplexedDecidedOnce" if req.choice == "once" else "@MultiplexedEveryObserver")
        for a in attrs:
            lines.append("  " + a)
        at[req.index] = len(lines)
        lines.append("  " + req.decl())
    lines.append("}")
    return lines, at


def observer_lines(case, front):
    proto = case.proto
    out = ["final class %sObserver: %s, @unchecked Sendable {" % (proto, proto), "  let id: Int",
           "  init(_ id: Int) { self.id = id }"]
    for req in case.all_reqs():
        out += ["  " + x for x in observer_member(req)]
    out.append("}")
    if front == "macro":
        out += ["final class %sSilent: %s, @unchecked Sendable {" % (proto, proto), "  let id = 0"]
        for req in case.all_reqs():
            if req.required:
                out += ["  " + x for x in observer_member(req)]
        out.append("}")
    return out


def generator_arguments(case):
    """One `--default NAME=VALUE` per name: overloads by type share their name (`f(_:)`), and the tool gives the
    value to each of them (it refuses a name given twice)."""
    args, named, chosen = [], set(), set()
    for req in case.all_reqs():
        if req.choice and not req.refused and req.display_name() not in chosen:
            chosen.add(req.display_name())
            args += ["--decided-once" if req.choice == "once" else "--every-observer", req.display_name()]
        if req.combine:
            args += ["--combine", "%s=%s" % (req.display_name(), req.combine)]
        if req.refused or req.display_name() in named:
            continue
        if req.result and not req.result.optional:
            named.add(req.display_name())
        if req.result and not req.result.optional and req.default:
            args += ["--default", "%s=%s" % (req.display_name(), req.default[0])]
        elif req.result and not req.result.optional:
            # No default for the generator's observers to fall back on: give the same one.
            args += ["--default", "%s=%s" % (req.display_name(), req.result.default[0])]
    return args


# MARK: Units: the files of one protocol for one front end


class Unit:
    def __init__(self, front, name, origin):
        self.front, self.name, self.origin = front, name, origin
        self.source = None  # macro: the whole file
        self.lib = self.drive = None  # generator: the protocol's module file, the drive file
        self.proto, self.args = None, []
        self.expect_error_line = None  # macro refusal: the line of the one error
        self.expect_error = None  # generator refusal: the requirement the one error names

    def has_drive(self):
        return self.expect_error_line is None and self.expect_error is None


def pending_reasons(case, front, features):
    """Why `front` skips `case` (shapes it covers only with a pending feature on)."""
    reasons = []
    if front == "macro" and case.parent and "macro-refinement" not in features:
        reasons.append("macro-refinement")
    if front == "generator" and "generator-subscripts" not in features and any(
            r.kind == "subscript" for r in case.all_reqs()):
        reasons.append("generator-subscripts")
    return reasons


def uses_foundation(case):
    return any(p.ptype.tag == "foreign-types" for r in (case.parent or []) + case.reqs for p in r.params)


def macro_unit(case):
    unit = Unit("macro", case.name, "seed %d, protocol %d" % (case.seed, case.index))
    lines = ["import MultiplexMacros", ""]
    if uses_foundation(case):
        lines[1:1] = ["import Foundation"]
    if case.parent:
        lines += protocol_lines(case, "macro", parent=True)[0] + [""]
    offset = len(lines)
    plines, at = protocol_lines(case, "macro")
    lines += plines + [""]
    if case.refusal:
        unit.expect_error_line = offset + at[case.refusal.index] + 1
    else:
        lines += observer_lines(case, "macro") + [""] + drive_lines(case, "macro")
    unit.source = "\n".join(lines) + "\n"
    return unit


def generator_unit(case):
    unit = Unit("generator", case.name, "seed %d, protocol %d" % (case.seed, case.index))
    lines = ["import Foundation", ""] if uses_foundation(case) else []
    if case.parent:
        lines += protocol_lines(case, "generator", parent=True)[0] + [""]
    lines += protocol_lines(case, "generator")[0]
    unit.lib = "\n".join(lines) + "\n"
    unit.proto = case.proto
    unit.args = generator_arguments(case)
    if case.refusal:
        unit.expect_error = case.refusal.display
    else:
        imports = ["import Foundation"] if uses_foundation(case) else []
        unit.drive = "\n".join(imports + ["import Multiplex", "import ShapesLib", ""] + observer_lines(case, "generator")
                               + [""] + drive_lines(case, "generator")) + "\n"
    return unit


DRIVE_MARK = "// ---- drive ----"


def regression_units(features=()):
    """The named regression files of Tests/ShapeRegressions (see its README); one marked `// pending: FEATURE`
    only when that feature is on."""
    units = []
    if not os.path.isdir(REGRESSIONS):
        return units
    for file in sorted(os.listdir(REGRESSIONS)):
        path = os.path.join(REGRESSIONS, file)
        text = open(path).read()
        name = file.split(".")[0]
        pending = re.search(r"^// pending: (\S+)", text, re.M)
        if pending and pending.group(1) not in features:
            continue
        if file.endswith(".macro.swift"):
            unit = Unit("macro", name, "regression " + file)
            unit.source = text
            m = re.search(r"^// expect-error-line: (\d+)$", text, re.M)
            unit.expect_error_line = int(m.group(1)) if m else None
        elif file.endswith(".generator.swift"):
            unit = Unit("generator", name, "regression " + file)
            header = re.search(r"^// generate: (\S+)(.*)$", text, re.M)
            unit.proto = header.group(1)
            unit.args = shlex_split(header.group(2))
            m = re.search(r"^// expect-error: (.+)$", text, re.M)
            unit.expect_error = m.group(1) if m else None
            lib, _, drive = text.partition(DRIVE_MARK + "\n")
            unit.lib, unit.drive = lib, (drive or None)
        else:
            continue
        unit.regression_name = name
        units.append(unit)
    return units


def shlex_split(text):
    import shlex
    return shlex.split(text)


def save_regression(unit, name, what, command, pending=None):
    os.makedirs(REGRESSIONS, exist_ok=True)
    header = ["// Shape regression %s (%s): %s" % (name, unit.front, what),
              "// Found by: %s" % command]
    if pending:
        header.append("// pending: %s (%s)" % (pending, PENDING[pending]))
    if unit.front == "macro":
        # Line numbers count from the first line of the file: the header moves the expected error's line.
        lines = header + unit.source.split("\n")
        if unit.expect_error_line:
            lines.insert(len(header), "// expect-error-line: %d" % (unit.expect_error_line + len(header) + 1))
        text = "\n".join(lines)
        # Rename the case so that it cannot clash with a random one.
        text = text.replace(unit.name, name)
        path = os.path.join(REGRESSIONS, name + ".macro.swift")
    else:
        import shlex
        lines = header + ["// generate: %s %s" % (unit.proto.replace(unit.name, name),
                                                  " ".join(shlex.quote(a) for a in unit.args))]
        if unit.expect_error:
            lines.append("// expect-error: %s" % unit.expect_error)
        text = "\n".join(lines) + "\n" + unit.lib
        if unit.drive:
            text += DRIVE_MARK + "\n" + unit.drive
        text = text.replace(unit.name, name)
        path = os.path.join(REGRESSIONS, name + ".generator.swift")
    with open(path, "w") as f:
        f.write(text if text.endswith("\n") else text + "\n")
    return path


# MARK: Running


MACRO_SUPPORT = """\
nonisolated(unsafe) var shapeLog: [String] = []
nonisolated(unsafe) var shapeFailing: Set<Int> = []

struct ShapeError: Error, Equatable {
  let code: Int
}

func shapeCode(_ error: any Error) -> Int { (error as? ShapeError)?.code ?? -9 }

func shapeDiff(_ got: [String], _ want: [String]) -> String {
  var i = 0
  while i < got.count, i < want.count, got[i] == want[i] { i += 1 }
  return "log differs at entry \\(i): got \\(Array(got.dropFirst(i).prefix(4))), expected "
    + "\\(Array(want.dropFirst(i).prefix(4))) (\\(got.count) entries, expected \\(want.count))"
}
"""

LIB_SUPPORT = """\
public struct ShapeError: Error, Equatable, Sendable {
  public let code: Int
  public init(code: Int) { self.code = code }
}
"""

DRIVE_SUPPORT = """\
import ShapesLib

nonisolated(unsafe) var shapeLog: [String] = []
nonisolated(unsafe) var shapeFailing: Set<Int> = []

func shapeCode(_ error: any Error) -> Int { (error as? ShapeError)?.code ?? -9 }

func shapeDiff(_ got: [String], _ want: [String]) -> String {
  var i = 0
  while i < got.count, i < want.count, got[i] == want[i] { i += 1 }
  return "log differs at entry \\(i): got \\(Array(got.dropFirst(i).prefix(4))), expected "
    + "\\(Array(want.dropFirst(i).prefix(4))) (\\(got.count) entries, expected \\(want.count))"
}
"""


def main_source(names):
    table = "\n".join('  ("%s", drive_%s),' % (n, n) for n in names)
    return """\
import Foundation

let drives: [(String, () async -> [String])] = [
%s
]
let only = Set(CommandLine.arguments.dropFirst())
func say(_ line: String) { FileHandle.standardError.write(Data((line + "\\n").utf8)) }
for (name, drive) in drives where only.isEmpty || only.contains(name) {
  say("START \\(name)")
  for failure in await drive() { say("FAIL \\(name): \\(failure)") }
  say("DONE \\(name)")
}
""" % table


ERROR_LINE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")


class Tools:
    def __init__(self, bin_path):
        self.bin = bin_path
        self.modules = os.path.join(bin_path, "Modules")
        if not os.path.isdir(self.modules):
            self.modules = bin_path
        plugin = None
        for candidate in ("MultiplexMacrosPlugin-tool", "MultiplexMacrosPlugin"):
            path = os.path.join(bin_path, candidate)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                plugin = path
                break
        self.generate = os.path.join(bin_path, "multiplex-generate")
        missing = [p for p in (plugin, self.generate) if not p or not os.path.exists(p)]
        if missing or not os.path.isdir(os.path.join(bin_path, "Multiplex.build")):
            sys.exit("shape-test: build the package first (swift build --product multiplex-generate; swift build "
                     "--target MultiplexMacros); nothing usable in " + bin_path)
        self.plugin = plugin
        self.objects = []
        for target in ("Multiplex", "_MultiplexShims"):
            folder = os.path.join(bin_path, target + ".build")
            self.objects += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".o"))
        self.module_map = os.path.join(bin_path, "_MultiplexShims.build", "module.modulemap")

    def swiftc(self):
        flags = ["swiftc", "-continue-building-after-errors", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
                 "-enable-upcoming-feature", "MemberImportVisibility", "-I", self.modules,
                 "-load-plugin-executable", self.plugin + "#MultiplexMacrosPlugin"]
        if os.path.exists(self.module_map):
            flags += ["-Xcc", "-fmodule-map-file=" + self.module_map]
        return flags


def run(command, cwd=None, timeout=1800):
    process = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             timeout=timeout)
    return process.returncode, process.stdout


def errors_by_file(output):
    found = []
    for line in output.splitlines():
        m = ERROR_LINE.match(line)
        if m:
            found.append((m.group(1), int(m.group(2)), m.group(4)))
    return found


def attribute(errors, units, path_of):
    """{unit name: [errors]} for errors whose file belongs to a unit; the rest."""
    by_unit, rest = {}, []
    for error in errors:
        owner = None
        for unit in units:
            if error[0] in path_of(unit) or ("Z" in unit.name and unit.name in os.path.basename(error[0])):
                owner = unit
                break
        if owner is None:
            rest.append(error)
        else:
            by_unit.setdefault(owner.name, []).append(error)
    return by_unit, rest


class Report:
    def __init__(self):
        self.failures = []  # (unit, what, detail)
        self.passed = {"macro": 0, "generator": 0}
        self.refused = {"macro": 0, "generator": 0}
        self.skipped = {}

    def fail(self, unit, what, detail=""):
        self.failures.append((unit, what, detail))


def compile_dropping(tools, work, units, path_of, command_for, report, what):
    """Compiles `units` with `command_for(units)`; a unit whose files the errors name is reported and left out,
    and the rest compiled again. Errors that name no unit's file are bisected: each unit type-checked alone.
    Returns the units that compiled."""
    remaining = list(units)
    while remaining:
        status, output = run(command_for(remaining, False))
        if status == 0:
            return remaining
        errors = errors_by_file(output)
        by_unit, rest = attribute(errors, remaining, path_of)
        if not by_unit:
            # Bisect: type-check each unit alone to find the one that breaks the batch.
            for unit in remaining:
                status, alone = run(command_for([unit], True))
                if status != 0:
                    by_unit[unit.name] = errors_by_file(alone) or [("?", 0, alone.strip()[-2000:])]
            if not by_unit:
                sys.stderr.write(output[-4000:])
                sys.exit("shape-test: the batch fails to compile, and no protocol alone does (a harness bug)")
        for unit in remaining:
            if unit.name in by_unit:
                report.fail(unit, what, "\n".join("%s:%d: error: %s" % (os.path.basename(f), l, m)
                                                  for f, l, m in by_unit[unit.name][:12]))
        remaining = [u for u in remaining if u.name not in by_unit]
    return remaining


def run_drives(exe, units, report):
    names = [u.name for u in units]
    pending = list(names)
    by_name = {u.name: u for u in units}
    while pending:
        try:
            status, output = run([exe] + pending, timeout=600)
        except subprocess.TimeoutExpired:
            status, output = -1, "timeout"
        started, done, failed = None, set(), set()
        for line in output.splitlines():
            if line.startswith("START "):
                started = line[6:]
            elif line.startswith("DONE "):
                done.add(line[5:])
            elif line.startswith("FAIL "):
                name, _, detail = line[5:].partition(": ")
                failed.add(name)
                report.fail(by_name[name], "drive", detail)
        for name in done - failed:
            report.passed[by_name[name].front] += 1
        if status == 0:
            return
        crashed = started if started and started not in done else None
        if crashed is None:
            sys.stderr.write(output[-4000:])
            sys.exit("shape-test: the drive exited with %d outside any protocol (a harness bug)" % status)
        report.fail(by_name[crashed], "drive crashed", "\n".join(output.splitlines()[-15:]))
        pending = pending[pending.index(crashed) + 1:]


def run_macro(tools, work, units, report):
    folder = os.path.join(work, "macro")
    os.makedirs(folder, exist_ok=True)
    paths = {}
    for unit in units:
        paths[unit.name] = os.path.join(folder, unit.name + ".swift")
        with open(paths[unit.name], "w") as f:
            f.write(unit.source)
    support = os.path.join(folder, "support.swift")
    with open(support, "w") as f:
        f.write(MACRO_SUPPORT)

    # Refusals: exactly one error, on the refused requirement's line.
    refusals = [u for u in units if not u.has_drive()]
    if refusals:
        status, output = run(tools.swiftc() + ["-typecheck", "-module-name", "ShapesRefusals", support]
                             + [paths[u.name] for u in refusals])
        by_unit, rest = attribute(errors_by_file(output), refusals, lambda u: paths[u.name])
        for unit in refusals:
            errors = by_unit.get(unit.name, [])
            lines = [l for _, l, _ in errors]
            if len(errors) == 1 and lines == [unit.expect_error_line]:
                report.refused["macro"] += 1
            else:
                report.fail(unit, "refusal", "expected exactly one error on line %d, got %d:\n%s" % (
                    unit.expect_error_line, len(errors),
                    "\n".join("line %d: error: %s" % (l, m) for _, l, m in errors) or output[-1500:]))

    drives = [u for u in units if u.has_drive()]
    exe = os.path.join(folder, "drive")
    main = os.path.join(folder, "main.swift")

    def command(batch, typecheck_only):
        with open(main, "w") as f:
            f.write(main_source([u.name for u in batch]))
        files = [support, main] + [paths[u.name] for u in batch]
        if typecheck_only:
            return tools.swiftc() + ["-typecheck", "-module-name", "ShapesMacro"] + files
        return tools.swiftc() + ["-module-name", "ShapesMacro", "-o", exe] + files + tools.objects

    compiled = compile_dropping(tools, work, drives, lambda u: paths[u.name], command, report, "compile")
    if compiled:
        run_drives(exe, compiled, report)


def run_generator(tools, work, units, report):
    folder = os.path.join(work, "generator")
    lib_dir, graphs, gen = (os.path.join(folder, d) for d in ("lib", "graphs", "gen"))
    for d in (lib_dir, graphs, gen):
        os.makedirs(d, exist_ok=True)
    lib_paths, drive_paths, gen_paths = {}, {}, {}
    for unit in units:
        lib_paths[unit.name] = os.path.join(folder, unit.name + ".lib.swift")
        with open(lib_paths[unit.name], "w") as f:
            f.write(unit.lib)
        if unit.drive:
            drive_paths[unit.name] = os.path.join(folder, unit.name + ".drive.swift")
            with open(drive_paths[unit.name], "w") as f:
                f.write(unit.drive)
        gen_paths[unit.name] = os.path.join(gen, unit.name + "Multiplexer.swift")
    lib_support = os.path.join(folder, "lib-support.swift")
    with open(lib_support, "w") as f:
        f.write(LIB_SUPPORT)
    lib_object = os.path.join(lib_dir, "ShapesLib.o")

    def lib_command(batch, typecheck_only):
        files = [lib_support] + [lib_paths[u.name] for u in batch]
        if typecheck_only:
            return tools.swiftc() + ["-typecheck", "-parse-as-library", "-module-name", "ShapesLib"] + files
        return tools.swiftc() + [
            "-parse-as-library", "-module-name", "ShapesLib", "-wmo", "-c", "-o", lib_object, "-emit-module",
            "-emit-module-path", os.path.join(lib_dir, "ShapesLib.swiftmodule"), "-emit-symbol-graph",
            "-emit-symbol-graph-dir", graphs] + files

    # The protocols themselves must be valid Swift: a failure here is the harness's.
    in_lib = compile_dropping(tools, work, units, lambda u: lib_paths[u.name], lib_command, report,
                              "harness: the protocol does not compile")
    generated = []
    for unit in in_lib:
        command = [tools.generate, unit.proto, "--module", "ShapesLib", "--symbol-graph-dir", graphs,
                   "--output", gen_paths[unit.name]] + unit.args
        status, output = run(command)
        error_lines = [l for l in output.splitlines() if l.startswith("error:")]
        if unit.expect_error:
            base = unit.expect_error.split("(")[0]
            if status == 2 and len(error_lines) == 1 and base in error_lines[0]:
                report.refused["generator"] += 1
            else:
                report.fail(unit, "refusal", "expected exit status 2 and exactly one error naming '%s', got "
                            "status %d:\n%s" % (unit.expect_error, status, output.strip()))
        elif status != 0:
            report.fail(unit, "generate", "multiplex-generate exited with %d:\n%s" % (status, output.strip()))
        else:
            generated.append(unit)

    exe = os.path.join(folder, "drive")
    main = os.path.join(folder, "main.swift")
    support = os.path.join(folder, "support.swift")
    with open(support, "w") as f:
        f.write(DRIVE_SUPPORT)

    def drive_command(batch, typecheck_only):
        with open(main, "w") as f:
            f.write(main_source([u.name for u in batch]))
        files = [support, main] + [gen_paths[u.name] for u in batch] + [drive_paths[u.name] for u in batch]
        flags = tools.swiftc() + ["-I", lib_dir, "-module-name", "ShapesDrive"]
        if typecheck_only:
            return flags + ["-typecheck"] + files
        return flags + ["-o", exe] + files + [lib_object] + tools.objects

    compiled = compile_dropping(tools, work, generated, lambda u: gen_paths[u.name] + " " + drive_paths[u.name],
                                drive_command, report, "compile")
    if compiled:
        run_drives(exe, compiled, report)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, action="append", help="seed (repeatable; default: 1 and 2)")
    parser.add_argument("--count", type=int, default=24, help="protocols per seed (default 24)")
    parser.add_argument("--batch", type=int, default=60, help="protocols per compiler invocation (default 60)")
    parser.add_argument("--only", type=int, action="append", help="only protocol N of the seed (repeatable)")
    parser.add_argument("--front", choices=["macro", "generator", "both"], default="both")
    parser.add_argument("--enable", action="append", default=[], help="turn on a pending feature")
    parser.add_argument("--disable", action="append", default=[], help="turn off a feature")
    parser.add_argument("--regressions", action="store_true", help="run Tests/ShapeRegressions only")
    parser.add_argument("--no-regressions", action="store_true", help="do not add Tests/ShapeRegressions")
    parser.add_argument("--list-features", action="store_true")
    parser.add_argument("--show", action="store_true", help="print the files of each protocol")
    parser.add_argument("--save", metavar="NAME", help="keep the (one) protocol as regression NAME")
    parser.add_argument("--what", default="", help="with --save: what failed")
    parser.add_argument("--bin-path", help="the package's debug products (default: swift build --show-bin-path)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--negative-control", action="store_true",
                        help="expect every call to miss the last observer: every drive must then fail (proves the "
                        "drives check behaviour; exit 0 when each failed)")
    args = parser.parse_args()
    if args.negative_control:
        rules = Expectation.responders
        Expectation.responders = lambda self, req: rules(self, req)[:-1] if len(rules(self, req)) > 1 else rules(
            self, req)
        args.no_regressions = True

    if args.list_features:
        for name, text in sorted(ENABLED.items()):
            print("on       %-26s %s" % (name, text))
        for name, text in sorted(PENDING.items()):
            print("pending  %-26s %s" % (name, text))
        return 0
    unknown = [f for f in args.enable + args.disable if f not in ENABLED and f not in PENDING]
    if unknown:
        sys.exit("shape-test: unknown feature %s (see --list-features)" % ", ".join(unknown))
    features = (set(ENABLED) | set(args.enable)) - set(args.disable)
    seeds = args.seed or [1, 2]
    fronts = ["macro", "generator"] if args.front == "both" else [args.front]

    units, skipped = [], {}
    if not args.regressions:
        generator = Generator(features)
        for seed in seeds:
            indices = args.only or range(args.count)
            for index in indices:
                case = generator.case(seed, index)
                for front in fronts:
                    reasons = pending_reasons(case, front, features)
                    if reasons:
                        for reason in reasons:
                            skipped[(front, reason)] = skipped.get((front, reason), 0) + 1
                        continue
                    unit = macro_unit(case) if front == "macro" else generator_unit(case)
                    units.append(unit)
                    if args.show:
                        print("// ==== %s %s (%s)" % (front, unit.name, unit.origin))
                        if unit.source:
                            print(unit.source)
                        else:
                            print(unit.lib)
                            print("// multiplex-generate %s %s" % (unit.proto, " ".join(unit.args)))
                            print(unit.drive or "")
    if args.save:
        if len(units) == 0:
            sys.exit("shape-test: --save needs one protocol (--seed S --only N)")
        command = "python3 Scripts/shape-test.py --seed %d --only %d%s" % (
            seeds[0], (args.only or [0])[0], "".join(" --enable " + f for f in args.enable))
        for unit in units:
            print("wrote", save_regression(unit, args.save, args.what, command))
        return 0
    if (args.regressions or not args.no_regressions) and not args.only:
        units += [u for u in regression_units(features) if u.front in fronts]

    bin_path = args.bin_path or run(["swift", "build", "--show-bin-path"], cwd=ROOT)[1].strip().splitlines()[-1]
    tools = Tools(bin_path)
    work = tempfile.mkdtemp(prefix="shape-test.")
    report = Report()
    report.skipped = skipped
    try:
        for front in fronts:
            front_units = [u for u in units if u.front == front]
            for start in range(0, len(front_units), args.batch):
                batch = front_units[start:start + args.batch]
                batch_work = os.path.join(work, "batch%d" % (start // args.batch))
                (run_macro if front == "macro" else run_generator)(tools, batch_work, batch, report)
    finally:
        if not args.keep and (not report.failures or args.negative_control):
            shutil.rmtree(work, ignore_errors=True)

    for unit, what, detail in report.failures:
        print("FAIL %s %s (%s): %s" % (unit.front, unit.name, unit.origin, what))
        for line in detail.splitlines():
            print("    " + line)
    total = len(units)
    print("shape-test: %d protocol expansions (seeds %s, %d per seed; features on: %s)" % (
        total, ",".join(map(str, seeds)), args.count, ", ".join(sorted(features & set(PENDING))) or "no pending"))
    for front in fronts:
        print("  %-9s passed %d, refused as expected %d, failed %d" % (
            front, report.passed[front], report.refused[front],
            len([f for f in report.failures if f[0].front == front])))
    for (front, reason), n in sorted(skipped.items()):
        print("  %-9s skipped %d (pending: %s)" % (front, n, reason))
    if args.negative_control:
        drives = len([u for u in units if u.has_drive()])
        caught = len({u.name + u.front for u, what, _ in report.failures if what == "drive"})
        print("shape-test: negative control: %d of %d drives failed, as they must" % (caught, drives))
        return 0 if caught == drives and drives > 0 else 1
    if report.failures:
        print("shape-test: FAILED; files in %s; rerun one with --seed S --only N --show; keep it with --save NAME"
              % work)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
