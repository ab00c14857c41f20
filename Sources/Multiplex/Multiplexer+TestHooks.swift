// Hooks for the tests (`package`): not part of the public API.

extension Multiplexer {
  /// Whether a call frame starts with its dispatch frame, as `_CallFrame.dispatchFrame(of:)` and
  /// `_CallFrame.current` assume (Swift does not promise the order of stored properties; the assumption is only
  /// asserted in debug builds of the dispatch code). For a test, which CI also runs in release.
  package static var _callFrameStartsWithItsDispatchFrame: Bool {
    MemoryLayout<_CallFrame>.offset(of: \.dispatch) == 0
  }

  /// The number of slots in storage, including tombstones and not-yet-reclaimed dead registrations.
  ///
  /// For tests that check slot reclamation; not part of the public API.
  package var _storageSlotCount: Int {
    _lock.withLock { _entries.count }
  }

  /// The number of registrations in storage that have a mailbox (a delivery context and a call posted to them at
  /// least once), for tests that check when mailboxes are made.
  package var _mailboxCount: Int {
    _lock.withLock { _entries.count { $0._mailbox != nil } }
  }

  /// The number of registrations in the identity index.
  package var _indexedRegistrationCount: Int {
    _lock.withLock { _index.count }
  }

  /// The capacity of the storage and the number of slots of the identity index, for tests that check that memory
  /// is given back after removals.
  package var _storageAndIndexCapacity: (storage: Int, index: Int) {
    _lock.withLock { (_entries.capacity, _index._capacity) }
  }

  /// The number of runs the call-order priorities are kept in (see ``_PriorityRuns``); `nil` while every priority
  /// is 0. For tests that check what priorities cost.
  package var _priorityRunCount: Int? {
    _lock.withLock { _priorities?._runs.count }
  }

  /// Removes `observer`'s registration the way a removal that does not find it in the identity index would
  /// (`_retire(_:at:)` with no position), which no public path does: for the test that a removed registration
  /// whose storage owns its observer never stays in storage.
  package func _removeAsIfNotIndexed(_ observer: Observer) {
    guard let identifier = _classIdentifier(observer) else { return }
    _mutate {
      guard let position = _index.remove(identifier, in: _entries) else { return }
      _retire(_entries[position], at: nil)
    }
  }

  /// ``removeAndWait(_:)``, returning how many times it slept waiting for dispatches on other threads.
  package func _removeAndWaitCountingSleeps(_ observer: Observer) -> Int {
    _removeAndWait(observer)
  }
}
