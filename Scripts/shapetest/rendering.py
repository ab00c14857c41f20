"""The Swift text of one protocol: its declaration for either front end, the observers that log every call,
the drive that calls every requirement through the multiplexer and compares the log with the Expectation, and
`multiplex-generate`'s flags for it.
"""

from .grammar import bt
from .expectation import Expectation


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
