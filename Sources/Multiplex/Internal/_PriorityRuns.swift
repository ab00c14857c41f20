/// The call-order priorities of a multiplexer's storage, position by position, run-length encoded.
///
/// Storage is sorted by descending priority (a removed registration keeps its slot, and so its priority, until
/// compaction), so every distinct priority occupies one run of consecutive positions: the priorities cost a run
/// (16 bytes) per distinct priority, not a word per registration. With every registration at one priority other
/// than 0 that is one run, whatever their number; the worst case, every registration at a priority of its own,
/// costs 16 bytes a registration.
///
/// Not thread-safe: only used under the multiplexer's lock.
@usableFromInline
struct _PriorityRuns {
  /// The runs in position order (strictly descending priorities): each one's priority and the position after its
  /// last. The last one's `end` is the number of positions.
  @usableFromInline var _runs: ContiguousArray<(priority: Int, end: Int)> = []

  /// `count` positions at priority 0.
  @inlinable
  init(zeros count: Int) {
    if count > 0 { _runs.append((0, count)) }
  }

  /// Whether every position has priority 0 (or there is none).
  @inlinable
  var isAllZero: Bool { _runs.count <= 1 && (_runs.first?.priority ?? 0) == 0 }

  /// The index of the run holding `position`: the first whose `end` is above it (`_runs.count` past the end).
  @inlinable
  func _run(holding position: Int) -> Int {
    var low = 0
    var high = _runs.count
    while low < high {
      let middle = (low &+ high) &>> 1
      if _runs[middle].end > position { high = middle } else { low = middle &+ 1 }
    }
    return low
  }

  /// The priority at `position`, which must exist.
  @inlinable
  func priority(at position: Int) -> Int {
    // The last run is the usual question (is a new registration's priority above the last one's?).
    if let last = _runs.last, _runs.count == 1 || _runs[_runs.count &- 2].end <= position { return last.priority }
    return _runs[_run(holding: position)].priority
  }

  /// Adds a position after the last one, with `priority`, which must not be above the last position's.
  @inlinable
  mutating func append(_ priority: Int) {
    guard let last = _runs.last else {
      _runs.append((priority, 1))
      return
    }
    if last.priority == priority {
      _runs[_runs.count &- 1].end &+= 1
    } else {
      _runs.append((priority, last.end &+ 1))
    }
  }

  /// Inserts a position with `priority` at `position`, where the sorted order puts it: after every position with
  /// the same or a higher priority, before the lower ones. The positions from `position` on move up by one.
  @inlinable
  mutating func insert(_ priority: Int, at position: Int) {
    var next = _run(holding: position)
    if next > 0 && _runs[next &- 1].priority == priority {
      _runs[next &- 1].end &+= 1
    } else {
      _runs.insert((priority, position &+ 1), at: next)
      next &+= 1
    }
    while next < _runs.count {
      _runs[next].end &+= 1
      next &+= 1
    }
  }

  /// Removes the last position.
  @inlinable
  mutating func removeLast() {
    let last = _runs.count &- 1
    _runs[last].end &-= 1
    if _runs[last].end == (last > 0 ? _runs[last &- 1].end : 0) { _runs.removeLast() }
  }

  /// The priorities of the positions `isKept` keeps, in order (compaction).
  @inlinable
  func keeping(_ isKept: (Int) -> Bool) -> _PriorityRuns {
    var kept = _PriorityRuns(zeros: 0)
    var start = 0
    var count = 0
    for run in _runs {
      for position in start..<run.end where isKept(position) { count &+= 1 }
      if count > (kept._runs.last?.end ?? 0) { kept._runs.append((run.priority, count)) }
      start = run.end
    }
    return kept
  }
}
