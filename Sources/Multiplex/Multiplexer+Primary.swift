extension Multiplexer {
  /// The observer called before every other one, whose answers win by default.
  ///
  /// The secondary-delegate pattern: when a multiplexer takes over a delegate slot that already had a delegate,
  /// that delegate becomes the primary, so the object that owned the slot keeps working exactly as before, and
  /// its answers still decide what the sender gets (the default policy returns the first responder's answer,
  /// and the primary is first). ``DelegateMultiplexing/install(on:delegate:)`` sets it for you.
  ///
  /// ```swift
  /// observers.primary = webViewOwnDelegate   // called first, answers first
  /// observers.add(analytics)                 // a secondary, called after it
  /// ```
  ///
  /// The primary is held weakly. Setting a new primary unregisters the old one. Setting an observer that is
  /// already registered as a secondary moves it to the front, keeping its registration: its retention, its
  /// delivery context and queued calls, and its tokens. Removing the
  /// primary with ``remove(_:)`` (or letting it deallocate) leaves no primary. It is counted by ``count``,
  /// listed first by ``observers``, and reported by ``contains(_:)`` like any registration.
  ///
  /// - Complexity: O(*n*) to set (the primary is inserted before every registration); O(1) to get.
  public var primary: Observer? {
    get {
      // A strongly held primary is copied under the lock, while the storage that owns it holds it (a removal on
      // another thread could otherwise release it between the two); a weak one is loaded outside, since
      // releasing the reference the load produced may run the observer's deinit.
      let (entry, strong) = _lock.withLock { () -> (_Entry<Observer>?, Observer?) in
        guard let entry = _primaryEntry else { return (nil, nil) }
        return entry._isStrong ? (nil, entry.observer()) : (entry, nil)
      }
      return strong ?? entry?.observer()
    }
    set {
      let object = newValue.flatMap { _classInstance($0) }
      _mutate {
        if let current = _primaryEntry {
          // Unchanged (also when another thread has just made the same observer the primary). `newValue` keeps
          // the object alive, so the weak load cannot produce its last reference under the lock.
          if let object, current.identifier == ObjectIdentifier(object),
            current._isStrong || current._object === object,
            !current._isRemoved
          {
            return  // unchanged
          }
          _primaryEntry = nil
          _retire(current)
        }
        guard let newValue, let object else { return }
        let identifier = ObjectIdentifier(object)
        if let existing = _index.entry(for: identifier, in: _entries) {
          // `newValue` keeps the object alive: the weak load cannot produce its last reference under the lock.
          if existing._isStrong || existing._object === object {
            // A secondary moves to the front as it is: how it is held, where it is called, its queued calls and
            // its tokens stay.
            _move(existing, toPriority: Int.max)
            _primaryEntry = existing
            return
          }
          // The registered object died and a new one reuses its address: that registration is gone.
          _retire(existing)
        }
        // A registration of its own: a token from an earlier `add` of this observer names the earlier one. No
        // token names this one (setting the primary returns none).
        let entry = _Entry.make(observer: newValue, object: object, retention: .weak)
        _insert(entry, priority: Int.max)
        _primaryEntry = entry
      }
    }
  }
}
