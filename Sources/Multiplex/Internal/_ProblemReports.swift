/// Reports a misuse the compiler could not refuse, in debug builds: one line on standard error, once per `key` per
/// process. Release builds (no `DEBUG` condition) stay silent, as assertions do. See `_reportUndeliveredCall` and
/// `_reportIgnoredValue`.
func _reportOnce(_ key: String, _ message: @autoclosure () -> String) {
  #if DEBUG
  let isFirst = _reportedProblems.withLock { $0.insert(key).inserted }
  guard isFirst else { return }
  _writeToStandardError(message())
  #endif
}

/// The keys ``_reportOnce(_:_:)`` reported already.
let _reportedProblems = _Guarded<Set<String>>([])

/// The problems reported so far, by key, for tests: a requirement that was not delivered
/// (`Ticker.tick(_:)`), or `add(_:) of <type>` for a value that was not registered.
package func _problemReports() -> Set<String> {
  _reportedProblems.withLock { $0 }
}

/// Reports, in debug builds, that `add` was given a value of a non-class type, which it cannot register (a
/// multiplexer holds its observers by reference). Once per type per process. Not API.
///
/// With a class-bound protocol as the multiplexer's `Observer` (the intended use), such a call does not compile; a
/// protocol that is not class-bound lets values through, and Swift cannot require `Observer: AnyObject` of an
/// existential.
@usableFromInline @inline(never)
func _reportIgnoredValue<Value>(_ value: Value) {
  #if DEBUG
  // Qualified (`Module.Type`): two modules' types of the same name are reported each.
  let type = String(reflecting: Swift.type(of: value as Any))
  _reportOnce(
    "add(_:) of \(type)",
    "Multiplex: a value of type '\(type)' was not registered: only class instances can be observers (the "
      + "multiplexer holds them by reference). Register an object, or make the observer protocol class-bound "
      + "(': AnyObject'), which turns this into a compile-time error. (Reported once.)\n"
  )
  #endif
}
