"""What a drive must log: the documented rules of each front end (which observers a call reaches, in which
order, what their answers combine to), call by call. The negative control (`--negative-control`) replaces
`Expectation.responders` with a wrong rule.
"""

from .grammar import is_decision, nil_when_odd


def answer_text(req, rtype, id_):
    if rtype.answer is None:
        generic = next(p for p in req.params if p.ptype.family == "generic")
        return None if nil_when_odd(id_, req.index) else str(generic.value)
    return rtype.answer(id_, req.index)


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
