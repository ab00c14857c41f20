import MultiplexMacros
import Testing

// FSQ's scenario (observers found by a source at every call, a later child claiming the result), the generated
// registration API, and the `combiner` property.

/// A table cell: answers the height of the rows it owns, and says which rows it claims.
final class Cell: CellDelegate {
  let name: String
  let rows: Range<Int>
  let height: Double
  let log: CallLog
  init(_ name: String, rows: Range<Int>, height: Double, log: CallLog) {
    self.name = name
    self.rows = rows
    self.height = height
    self.log = log
  }
  func tableDidReload() { log.entries.append("\(name).reload") }
  func heightForRow(at row: Int) -> Double? {
    log.entries.append("\(name).height")
    return rows.contains(row) ? height : nil
  }
  func claimsRow(_ row: Int) -> Bool { rows.contains(row) }
}

/// FSQ's "a child claims the result": among the cells that answer, the *last* one that claims the row wins.
final class LastClaimWins: CellDelegateCombining {
  func cellDelegateMultiplexer(
    _ multiplexer: CellDelegateMultiplexer,
    combineHeightForRowAt responses: inout Responses<any CellDelegate, Double?>,
    default defaultValue: Double?
  ) -> Double? {
    var result = defaultValue
    for response in responses where response.value != nil { result = response.value }
    return result
  }

  func cellDelegateMultiplexer(
    _ multiplexer: CellDelegateMultiplexer,
    combineClaimsRow responses: inout Responses<any CellDelegate, Bool>,
    default defaultValue: Bool
  ) -> Bool {
    Combiner.anyTrue.combine(&responses, default: defaultValue)
  }
}

/// A table whose cells live in an array the multiplexer reads through its source. Used from one thread; the
/// source is `@Sendable` because a multiplexer may dispatch from any thread.
final class Table: @unchecked Sendable {
  var cells: [Cell] = []
  lazy var delegate = CellDelegateMultiplexer(source: { [unowned self] in self.cells })
}

@Suite struct SourceTests {
  let log = CallLog()

  @Test func theSourceIsEvaluatedAtEveryCall() {
    let table = Table()
    table.cells = [Cell("a", rows: 0..<5, height: 44, log: log)]
    table.delegate.tableDidReload()
    table.cells.append(Cell("b", rows: 5..<10, height: 60, log: log))
    table.delegate.tableDidReload()

    #expect(log.entries == ["a.reload", "a.reload", "b.reload"])
    #expect(table.delegate.count == 2)
    #expect(table.delegate.observers.count == 2)
  }

  @Test func aLaterChildClaimsTheResult() {
    let table = Table()
    let header = Cell("header", rows: 0..<100, height: 30, log: log)
    let special = Cell("special", rows: 3..<4, height: 120, log: log)
    table.cells = [header, special]

    // Without a combiner, the first responder wins (both cells answer for row 3).
    #expect(table.delegate.heightForRow(at: 3) == 30)

    let combiner = LastClaimWins()
    table.delegate.combiner = combiner
    #expect(table.delegate.heightForRow(at: 3) == 120)
    #expect(table.delegate.heightForRow(at: 7) == 30)
    #expect(table.delegate.heightForRow(at: 200) == nil)
    #expect(table.delegate.claimsRow(3))
    #expect(!table.delegate.claimsRow(200))
  }

  @Test func sourcedObserversComeBeforeRegisteredOnes() {
    let table = Table()
    table.cells = [Cell("sourced", rows: 0..<1, height: 1, log: log)]
    let registered = Cell("registered", rows: 0..<1, height: 2, log: log)
    table.delegate.add(registered)

    #expect(table.delegate.heightForRow(at: 0) == 1)
    #expect(log.entries == ["sourced.height", "registered.height"])
  }
}

@Suite struct RegistrationTests {
  let log = CallLog()
  let multiplexer = ScrollViewDelegateMultiplexer()
  let scrollView = ScrollView()

  @Test func addRemoveContainsCountAndObservers() {
    let a = ScrollRecorder("a", log: log)
    let b = ScrollRecorder("b", log: log)
    #expect(multiplexer.isEmpty)

    multiplexer.add(a)
    multiplexer.add(b)
    multiplexer.add(a)  // already registered: no change

    #expect(multiplexer.count == 2)
    #expect(!multiplexer.isEmpty)
    #expect(multiplexer.contains(a))
    #expect(multiplexer.observers.map { ($0 as? ScrollRecorder)?.name } == ["a", "b"])

    multiplexer.remove(a)
    multiplexer.scrollViewDidScroll(scrollView)
    #expect(!multiplexer.contains(a))
    #expect(log.entries == ["b.didScroll"])

    multiplexer.removeAndWait(b)
    #expect(multiplexer.isEmpty)
  }

  @Test func tokensCancelTheirRegistration() {
    let a = ScrollRecorder("a", log: log)
    let token = multiplexer.add(a)
    #expect(token.isActive)

    token.cancel()

    #expect(!multiplexer.contains(a))
    #expect(!token.isActive)
  }

  @Test func observersAreHeldWeaklyUnlessStrong() {
    weak var weakProbe: ScrollRecorder?
    weak var strongProbe: ScrollRecorder?
    do {
      let weakObserver = ScrollRecorder("weak", log: log)
      let strongObserver = ScrollRecorder("strong", log: log)
      weakProbe = weakObserver
      strongProbe = strongObserver
      multiplexer.add(weakObserver)
      multiplexer.add(strongObserver, retention: .strong)
    }

    multiplexer.scrollViewDidScroll(scrollView)

    #expect(weakProbe == nil)
    #expect(strongProbe != nil)
    #expect(log.entries == ["strong.didScroll"])
    #expect(multiplexer.count == 1)
  }

  @Test func theMultiplexerDoesNotKeepItsDelegateSlotOwnerAlive() {
    weak var probe: ScrollViewDelegateMultiplexer?
    do {
      let multiplexer = ScrollViewDelegateMultiplexer()
      probe = multiplexer
      scrollView.delegate = multiplexer
      multiplexer.add(ScrollRecorder("a", log: log), retention: .strong)
    }
    #expect(probe == nil)
    #expect(scrollView.delegate == nil)
  }
}

@Suite struct CombinerPropertyTests {
  let multiplexer = ScrollViewDelegateMultiplexer()
  let scrollView = ScrollView()

  @Test func theCombinerIsHeldWeakly() {
    weak var probe: PreferredZoomCombiner?
    do {
      let combiner = PreferredZoomCombiner()
      probe = combiner
      multiplexer.combiner = combiner
      #expect(multiplexer.combiner === combiner)
    }
    #expect(probe == nil)
    #expect(multiplexer.combiner == nil)
  }

  @Test func aCombinerWithoutTheMethodKeepsTheFirstResponderPolicy() {
    final class OnlyZoom: ScrollViewDelegateCombining {}
    let combiner = OnlyZoom()
    multiplexer.combiner = combiner
    let a = Zoomer("a")
    let b = Zoomer("b")
    multiplexer.add(a)
    multiplexer.add(b)

    #expect(multiplexer.viewForZooming(in: scrollView) === a.view)
    #expect(a.zoomCalls == 1)
    #expect(b.zoomCalls == 1)
  }

  @Test func aCombinerThatStopsEarlyLeavesTheRemainingObserversUncalled() {
    final class FirstOnly: ScrollViewDelegateCombining {
      func scrollViewDelegateMultiplexer(
        _ multiplexer: ScrollViewDelegateMultiplexer,
        combineViewForZoomingIn responses: inout Responses<any ScrollViewDelegate, View?>,
        default defaultValue: View?
      ) -> View? {
        responses.next()?.value ?? defaultValue
      }
    }
    let combiner = FirstOnly()
    multiplexer.combiner = combiner
    let a = Zoomer("a")
    let b = Zoomer("b")
    multiplexer.add(a)
    multiplexer.add(b)

    #expect(multiplexer.viewForZooming(in: scrollView) === a.view)
    #expect(b.zoomCalls == 0)
  }

  @Test func theCombinerReceivesTheMultiplexerAndTheDefault() {
    final class Inspector: ScrollViewDelegateCombining {
      var multiplexer: ScrollViewDelegateMultiplexer?
      var defaultValue: Bool?
      func scrollViewDelegateMultiplexer(
        _ multiplexer: ScrollViewDelegateMultiplexer,
        combineScrollViewShouldScrollToTop responses: inout Responses<any ScrollViewDelegate, Bool>,
        default defaultValue: Bool
      ) -> Bool {
        self.multiplexer = multiplexer
        self.defaultValue = defaultValue
        return Combiner.allTrue.combine(&responses, default: defaultValue)
      }
    }
    let inspector = Inspector()
    multiplexer.combiner = inspector
    multiplexer.add(TopBlocker(), retention: .strong)

    #expect(!multiplexer.scrollViewShouldScrollToTop(scrollView))
    #expect(inspector.multiplexer === multiplexer)
    #expect(inspector.defaultValue == true)
  }
}
