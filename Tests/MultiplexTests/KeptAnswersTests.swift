// `_answerImplementing` and `_KeptAnswers`: how a generated `@objc` multiplexer answers an optional requirement whose
// result has no value of its own (a layout object, an animator, a color) when no observer implements it. The
// stand-in protocol is `StationProtocol` (EntryPointTests.swift): `answerIfImplemented()` is `nil` for an observer
// that does not implement the requirement, as `observer.method?(…)` is.

import Testing

@testable import Multiplex

@Suite struct KeptAnswersTests {
  /// One `_answerImplementing` call of requirement 0, as the generated member makes it.
  private func answer(_ stations: StationMultiplexer, _ kept: _KeptAnswers) -> Int {
    stations._answerImplementing(keeping: kept, at: 0, requirement: "answerIfImplemented()") {
      $0.answerIfImplemented()
    }
  }

  @Test func theFirstImplementingObserversAnswerIsReturnedAndKept() {
    let log = Log()
    let stations = StationMultiplexer()
    let kept = _KeptAnswers(keeping: [0])
    let silent = Station("silent", log: log)
    let first = Station("first", log: log)
    first.answer = 7
    let second = Station("second", log: log)
    second.answer = 8
    for station in [silent, first, second] { stations.add(station) }
    // Every implementing observer is called, as for any requirement; the first one's answer is returned.
    #expect(answer(stations, kept) == 7)
    #expect(log.events == ["silent", "first", "second"])
    #expect(kept.answer(for: 0, as: Int.self) == 7)
  }

  @Test func thePledgedObserverAnswersACallThatFindsNoImplementingObserver() {
    let log = Log()
    let stations = StationMultiplexer()
    let kept = _KeptAnswers(keeping: [0])
    let pledged = Station("pledged", log: log)
    pledged.answer = 3
    stations.add(pledged)
    // `responds(to:)` said yes: the implementing observer is pledged, then removed before the sender's call.
    #expect(kept.pledge(for: 0, { pledged }) == true)
    stations.remove(pledged)
    #expect(answer(stations, kept) == 3)
    #expect(log.events == ["pledged"])
    // The pledge was for that call only: the next one is answered with the answer kept, without calling it.
    #expect(kept.takePledge(for: 0) == nil)
    #expect(answer(stations, kept) == 3)
    #expect(log.events == ["pledged"])
  }

  @Test func theLastAnswerAnswersWhenTheImplementingObserverLeftAfterACall() {
    let log = Log()
    let stations = StationMultiplexer()
    let kept = _KeptAnswers(keeping: [0])
    let station = Station("station", log: log)
    station.answer = 5
    stations.add(station)
    #expect(kept.pledge(for: 0, { station }) == true)
    #expect(answer(stations, kept) == 5)
    station.answer = 6
    #expect(answer(stations, kept) == 6)
    stations.remove(station)
    let silent = Station("silent", log: log)
    stations.add(silent)
    #expect(answer(stations, kept) == 6)
    #expect(log.events == ["station", "station", "silent"])
  }

  @Test func aPledgeIsMadeOnlyForAKeptRequirementThatAnObserverImplements() {
    let kept = _KeptAnswers(keeping: [2])
    let station = Station("station", log: Log())
    // Not kept: `firstImplementing` is not even asked.
    #expect(
      kept.pledge(
        for: 0,
        {
          Issue.record("asked for a requirement whose answers are not kept")
          return nil
        }
      ) == nil
    )
    #expect(kept.pledge(for: 2, { station }) == true)
    // No implementing observer now: the answer is no, and the earlier pledge stays for the sender's earlier yes.
    #expect(kept.pledge(for: 2, { nil }) == false)
    #expect(kept.takePledge(for: 2) === station)
  }
}
