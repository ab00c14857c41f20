"""Random protocols from a seed: parameters and requirements (Param, Req), one protocol with its parent and
choices (Case), and the Generator that makes protocol N of seed S, deterministic by seed and index.
"""

import random

from .grammar import HANDLER_NAMES, HANDLER_TYPES, KEYWORDS, METHOD_NAMES, MORE_HANDLER_NAMES, OTHER_CLOSURE_NAMES, PLAIN_NAMES, PROPERTY_NAMES, PType, RType, SHADOWING_NAMES, UNDERSCORED_NAMES, param_types, result_types


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
