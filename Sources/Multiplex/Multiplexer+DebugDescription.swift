extension Multiplexer: CustomDebugStringConvertible {
  /// The observers in call order, each with its type, retention, priority, whether it is blocked, and its
  /// delivery context; the primary is marked.
  ///
  /// For the debugger and logs; the format may change in any release.
  ///
  /// ```
  /// Multiplexer<ScrollViewDelegate>: 3 observers
  ///   1. WebViewScrollDelegate (primary, weak)
  ///   2. ReadingProgress (weak, priority 10, blocked)
  ///   3. ThumbnailCache (strong, delivered on queue "cache")
  /// ```
  ///
  /// Observers from a source (``init(source:)``) are listed first, marked "from source". Deallocated weak observers
  /// and the taps of event streams are not listed.
  ///
  /// - Complexity: O(*n*) weak loads, where *n* is the number of registrations.
  public var debugDescription: String {
    var lines: [String] = []
    for observer in _source?() ?? [] {
      lines.append("\(Self._typeName(of: observer)) (from source)")
    }
    // Priorities are read under the lock (the `primary` setter changes them there); weak loads happen outside it:
    // releasing the reference a load produced may run the observer's deinit. The storage is kept until the end:
    // it owns the strongly held observers (see `_EntryStorage`), which a removal on another thread may release.
    let (storage, registrations) = _lock.withLock {
      (
        _entries,
        _entries.indices.filter { !_entries[$0].isHidden }.map {
          (
            entry: _entries[$0], priority: _priority(at: $0), isPrimary: _entries[$0] === _primaryEntry,
            // Under the lock: a retirement releases the context of a registration that has no mailbox.
            context: _entries[$0]._deliveryEntry?.contextName
          )
        }
      )
    }
    defer { withExtendedLifetime(storage) {} }
    for (entry, priority, isPrimary, context) in registrations {
      guard let observer = entry.observer() else { continue }
      var traits: [String] = []
      if isPrimary { traits.append("primary") }
      traits.append(entry._isStrong ? "strong" : "weak")
      if priority != 0 && !isPrimary { traits.append("priority \(priority)") }
      if entry.hasLiveBlocks { traits.append("blocked") }
      if let context { traits.append("delivered on \(context)") }
      lines.append("\(Self._typeName(of: observer)) (\(traits.joined(separator: ", ")))")
    }
    let header = "Multiplexer<\(Observer.self)>: \(lines.count) observer\(lines.count == 1 ? "" : "s")"
    return ([header] + lines.enumerated().map { "  \($0.offset + 1). \($0.element)" }).joined(separator: "\n")
  }

  /// The dynamic type of the object inside `observer` (`ReadingProgress`), not the existential's.
  private static func _typeName(of observer: Observer) -> String {
    String(describing: type(of: observer as Any))
  }
}
