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

The code is the package Scripts/shapetest/, one module per concern, in the order a protocol goes through them:
features.py (the shapes on, and pending), grammar.py (names and types), protocols.py (random protocols from a
seed), expectation.py (the documented rules: what a drive must log), rendering.py (the Swift text of a protocol,
its observers and its drive), units.py (the files of one protocol for one front end), regressions.py
(Tests/ShapeRegressions), toolchain.py (the package's debug build, swiftc), classifier.py (compiler errors and
drive output attributed to protocols), macro_front.py and generator_front.py (each front end's driver),
report.py (the summary), cli.py (the options, and the run).
"""

import os
import sys

# The package sits next to this file; running the test leaves no bytecode in the repository.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from shapetest.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(__doc__))
