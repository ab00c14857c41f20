"""The randomized shape test of `@Multiplexed` and `multiplex-generate`; Scripts/shape-test.py is its command
line and says what it checks. One module per concern, in the order a protocol goes through them:

- features:        the shapes covered, and the pending ones (`--enable`)
- grammar:         names and types of random requirements; the decided-once rule
- protocols:       random protocols from a seed (Generator)
- expectation:     the documented rules: what a drive must log
- rendering:       the Swift text of a protocol, its observers and its drive; the generator's flags
- units:           the files of one protocol for one front end
- regressions:     Tests/ShapeRegressions, read and written
- toolchain:       the package's debug build (swiftc, the macro plugin, multiplex-generate), running commands
- classifier:      compiler errors and drive output attributed to protocols
- macro_front:     the macro's driver
- generator_front: the generator's driver
- report:          failures and the summary
- cli:             the options, and the run
"""
