import Dispatch
import Foundation
import Multiplex
import MultiplexTestSupport
import Testing

/// Counts its calls; records calls made by dispatches that started after its removal returned.
private final class CountingTicker: Ticker, @unchecked Sendable {
  let calls = Atomic<Int>(0)
  let callsAfterRemoval = Atomic<Int>(0)
  let inCall = Atomic<Bool>(false)
  let spin: Int

  init(spin: Int = 0) { self.spin = spin }

  func tick(_ dispatch: Int) {
    inCall.store(true, ordering: .sequentiallyConsistent)
    calls.wrappingAdd(1, ordering: .relaxed)
    if dispatch < 0 { callsAfterRemoval.wrappingAdd(1, ordering: .relaxed) }
    var sink = 0
    for index in 0..<spin { sink &+= index }
    blackHole(sink)
    inCall.store(false, ordering: .sequentiallyConsistent)
  }
}

@inline(never)
private func blackHole(_ value: Int) { _ = value }

/// Runs `body(threadIndex)` on `count` threads at once and waits for all of them.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    let thread = Thread {
      body(index)
      group.leave()
    }
    group.enter()
    thread.start()
  }
  group.wait()
}

@Suite("Thread safety")
struct ThreadSafetyTests {
  @Test("After remove returns, no dispatch that starts afterwards calls the observer; steady observers miss nothing")
  func removalGuarantee() {
    let multiplexer = Multiplexer<any Ticker>()
    let steady = CountingTicker()
    multiplexer.add(steady)
    let rounds = 300
    let victims = (0..<rounds).map { _ in CountingTicker() }
    let removedRound = Atomic<Int>(-1)
    let stop = Atomic<Bool>(false)
    let dispatches = Atomic<Int>(0)

    onThreads(3) { thread in
      if thread == 0 {
        // Start once the dispatchers run: on a loaded machine this thread could otherwise finish every round
        // before they are scheduled, and the test would check nothing.
        while dispatches.load(ordering: .relaxed) == 0 { _yield() }
        for (round, victim) in victims.enumerated() {
          multiplexer.add(victim)
          for _ in 0..<50 { _yield() }
          multiplexer.remove(victim)
          removedRound.store(round, ordering: .sequentiallyConsistent)
        }
        stop.store(true, ordering: .sequentiallyConsistent)
      } else {
        while !stop.load(ordering: .sequentiallyConsistent) {
          // Read before the dispatch starts: every victim up to `removed` was removed before it began.
          let removed = removedRound.load(ordering: .sequentiallyConsistent)
          multiplexer.notify { observer in
            if let victim = observer as? CountingTicker, victim !== steady,
              let round = victims.firstIndex(where: { $0 === victim }), round <= removed
            {
              victim.tick(-1)
            } else {
              observer.tick(0)
            }
          }
          dispatches.wrappingAdd(1, ordering: .relaxed)
        }
      }
    }
    let violations = victims.reduce(0) { $0 + $1.callsAfterRemoval.load(ordering: .relaxed) }
    #expect(violations == 0)
    #expect(steady.calls.load(ordering: .relaxed) == dispatches.load(ordering: .relaxed))
    #expect(dispatches.load(ordering: .relaxed) > 0)
    #expect(multiplexer.count == 1)
  }

  @Test("Blocking on one thread while others dispatch: no dispatch that starts after block() returned calls it")
  func blockGuarantee() {
    let multiplexer = Multiplexer<any Ticker>()
    let steady = CountingTicker()
    multiplexer.add(steady)
    let rounds = 300
    let victims = (0..<rounds).map { _ in CountingTicker() }
    let tokens = victims.map { multiplexer.add($0) }
    let blockedRound = Atomic<Int>(-1)
    let stop = Atomic<Bool>(false)
    let dispatches = Atomic<Int>(0)
    let blocks = Locked<[ObservationBlock]>([])

    onThreads(3) { thread in
      if thread == 0 {
        while dispatches.load(ordering: .relaxed) == 0 { _yield() }
        for (round, token) in tokens.enumerated() {
          let block = token.block()
          blocks.withLock { $0.append(block) }  // kept: the victim stays blocked
          blockedRound.store(round, ordering: .sequentiallyConsistent)
          for _ in 0..<20 { _yield() }
        }
        stop.store(true, ordering: .sequentiallyConsistent)
      } else {
        while !stop.load(ordering: .sequentiallyConsistent) {
          // Read before the dispatch starts: every victim up to `blocked` was blocked before it began.
          let blocked = blockedRound.load(ordering: .sequentiallyConsistent)
          multiplexer.notify { observer in
            if let victim = observer as? CountingTicker, victim !== steady,
              let round = victims.firstIndex(where: { $0 === victim }), round <= blocked
            {
              victim.tick(-1)
            } else {
              observer.tick(0)
            }
          }
          dispatches.wrappingAdd(1, ordering: .relaxed)
        }
      }
    }
    let violations = victims.reduce(0) { $0 + $1.callsAfterRemoval.load(ordering: .relaxed) }
    #expect(violations == 0)
    #expect(steady.calls.load(ordering: .relaxed) == dispatches.load(ordering: .relaxed))
    #expect(dispatches.load(ordering: .relaxed) > 0)
    // The victims are held weakly: keep them alive (an optimized build may release them after their last use).
    withExtendedLifetime(victims) {
      #expect(multiplexer.count == rounds + 1, "blocked observers stay registered")
      #expect(tokens.allSatisfy { $0.isBlocked })
    }
  }

  @Test("removeAndWait sleeps until the call it waits for ends: woken by it, not polling")
  func removeAndWaitSleeps() {
    final class Holder: Ticker, @unchecked Sendable {
      let inCall = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      func tick(_ dispatch: Int) {
        inCall.signal()
        release.wait()
      }
    }
    let multiplexer = Multiplexer<any Ticker>()
    let holder = Holder()
    let victim = CountingTicker()
    multiplexer.add(holder)
    multiplexer.add(victim)
    let sleeps = Atomic<Int>(-1)
    onThreads(3) { thread in
      switch thread {
      case 0:
        multiplexer.notify { $0.tick(0) }  // stays inside the holder's call until released
      case 1:
        holder.inCall.wait()
        holder.inCall.signal()
        let count = multiplexer._removeAndWaitCountingSleeps(victim)
        sleeps.store(count, ordering: .sequentiallyConsistent)
      default:
        holder.inCall.wait()
        holder.inCall.signal()
        usleep(100_000)  // let the removal fall asleep (not asserted: a slow machine only makes this test weaker)
        holder.release.signal()
      }
    }
    // A waiter that polled (yields, then sleeps of up to a millisecond) would have gone round at least a hundred
    // times in 100 ms; one woken by the dispatch's end sleeps once (or not at all, if it came late), plus the
    // spurious wake-ups of another test's counter that shares its wait queue (one of 64): in a full parallel run a
    // stress test on such a counter once woke it 23 times, so the bound is half the polling count, not a handful.
    let count = sleeps.load(ordering: .sequentiallyConsistent)
    #expect((0..<50).contains(count), "slept \(count) times")
    #expect(victim.calls.load(ordering: .relaxed) == 0)
    #expect(!multiplexer.contains(victim))
  }

  @Test("A call frame starts with its dispatch frame (the thread's frame list relies on it)")
  func callFrameLayout() {
    #expect(Multiplexer<any Ticker>._callFrameStartsWithItsDispatchFrame)
  }

  /// An observer whose first call blocks until released; later calls return at once.
  final class FirstCallHolder: Ticker, @unchecked Sendable {
    let inCall = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let isFirst = Atomic<Bool>(true)
    let isInFirstCall = Atomic<Bool>(false)
    func tick(_ dispatch: Int) {
      guard isFirst.exchange(false, ordering: .sequentiallyConsistent) else { return }
      isInFirstCall.store(true, ordering: .sequentiallyConsistent)
      inCall.signal()
      release.wait()
      isInFirstCall.store(false, ordering: .sequentiallyConsistent)
    }
  }

  @Test("removeAndWait is not woken by the dispatches other threads start while it waits")
  func removeAndWaitSleepsWhileOthersDispatch() {
    let multiplexer = Multiplexer<any Ticker>()
    let holder = FirstCallHolder()
    let victim = CountingTicker()
    multiplexer.add(holder)
    multiplexer.add(victim)
    let sleeps = Atomic<Int>(-1)
    let dispatches = Atomic<Int>(0)
    onThreads(3) { thread in
      switch thread {
      case 0:
        multiplexer.notify { $0.tick(0) }  // stays inside the holder's first call until released
      case 1:
        holder.inCall.wait()
        holder.inCall.signal()
        sleeps.store(multiplexer._removeAndWaitCountingSleeps(victim), ordering: .sequentiallyConsistent)
      default:
        holder.inCall.wait()
        holder.inCall.signal()
        usleep(20_000)  // let the removal fall asleep first (not asserted)
        let start = DispatchTime.now().uptimeNanoseconds
        while DispatchTime.now().uptimeNanoseconds - start < 100_000_000 {
          multiplexer.notify { $0.tick(1) }
          dispatches.wrappingAdd(1, ordering: .relaxed)
        }
        holder.release.signal()
      }
    }
    // The dispatches that start while the removal waits find the gate closed and count elsewhere: they do not wake
    // the waiter. When each of them woke it (by adding to the closed gate and taking the addition back), it slept
    // thousands of times; the bound is the one of `removeAndWaitSleeps` (spurious wake-ups of other tests' counters).
    let count = sleeps.load(ordering: .sequentiallyConsistent)
    #expect((0..<50).contains(count), "slept \(count) times during \(dispatches.load(ordering: .relaxed)) dispatches")
    #expect(dispatches.load(ordering: .relaxed) > 50, "too few dispatches to show anything")
    #expect(!multiplexer.contains(victim))
  }

  @Test("removeAndWait inside a call, after a nested dispatch ended, still waits for another thread's call")
  func removeAndWaitInsideACallWaitsForOtherThreads() {
    final class Remover: Ticker, @unchecked Sendable {
      let multiplexer: Multiplexer<any Ticker>
      let victim: any Ticker
      let holder: FirstCallHolder
      let holderWasInCall = Atomic<Bool>(false)
      let hasRun = Atomic<Bool>(false)
      init(_ multiplexer: Multiplexer<any Ticker>, victim: any Ticker, holder: FirstCallHolder) {
        self.multiplexer = multiplexer
        self.victim = victim
        self.holder = holder
      }
      func tick(_ dispatch: Int) {
        guard dispatch == 1, !hasRun.exchange(true, ordering: .relaxed) else { return }
        multiplexer.notify { $0.tick(2) }  // a nested dispatch of the same multiplexer, ended before the wait
        multiplexer.removeAndWait(victim)
        holderWasInCall.store(holder.isInFirstCall.load(ordering: .sequentiallyConsistent), ordering: .relaxed)
      }
    }
    let multiplexer = Multiplexer<any Ticker>()
    let holder = FirstCallHolder()
    let victim = CountingTicker()
    let remover = Remover(multiplexer, victim: victim, holder: holder)
    multiplexer.add(holder)
    multiplexer.add(remover)
    multiplexer.add(victim)
    onThreads(3) { thread in
      switch thread {
      case 0:
        multiplexer.notify { $0.tick(0) }  // stays inside the holder's first call until released
      case 1:
        holder.inCall.wait()
        holder.inCall.signal()
        multiplexer.notify { $0.tick(1) }  // the remover removes and waits from inside this call
      default:
        holder.inCall.wait()
        holder.inCall.signal()
        usleep(100_000)
        holder.release.signal()
      }
    }
    // The waiting removal discounts only this thread's own dispatch of the multiplexer (the outer one): thread 0's
    // call was still running, so it had to wait for its end.
    #expect(remover.hasRun.load(ordering: .relaxed))
    #expect(!remover.holderWasInCall.load(ordering: .relaxed))
    #expect(!multiplexer.contains(victim))
  }

  @Test("removeAndWait: once it returns, no call to the observer is running or will start")
  func removeAndWaitWaitsForRunningCalls() {
    let multiplexer = Multiplexer<any Ticker>()
    let rounds = 100
    let stop = Atomic<Bool>(false)
    let failures = Atomic<Int>(0)
    let victims = (0..<rounds).map { _ in CountingTicker(spin: 2_000) }

    onThreads(3) { thread in
      if thread == 0 {
        for victim in victims {
          multiplexer.add(victim)
          while victim.calls.load(ordering: .relaxed) == 0 { _yield() }
          multiplexer.removeAndWait(victim)
          let callsAtRemoval = victim.calls.load(ordering: .sequentiallyConsistent)
          if victim.inCall.load(ordering: .sequentiallyConsistent) { failures.wrappingAdd(1, ordering: .relaxed) }
          for _ in 0..<20 { _yield() }
          if victim.calls.load(ordering: .sequentiallyConsistent) != callsAtRemoval {
            failures.wrappingAdd(1, ordering: .relaxed)
          }
        }
        stop.store(true, ordering: .sequentiallyConsistent)
      } else {
        while !stop.load(ordering: .sequentiallyConsistent) {
          multiplexer.notify { $0.tick(0) }
        }
      }
    }
    #expect(failures.load(ordering: .relaxed) == 0)
  }

  @Test("removeAndWait from inside the observer's own call does not wait for itself")
  func removeAndWaitFromInsideCall() {
    final class SelfRemover: Ticker, @unchecked Sendable {
      let multiplexer: Multiplexer<any Ticker>
      let calls = Atomic<Int>(0)
      init(_ multiplexer: Multiplexer<any Ticker>) { self.multiplexer = multiplexer }
      func tick(_ dispatch: Int) {
        calls.wrappingAdd(1, ordering: .relaxed)
        // Nested dispatch, then remove self and wait: must return.
        if dispatch == 0 { multiplexer.notify { $0.tick(1) } }
        multiplexer.removeAndWait(self)
      }
    }
    let multiplexer = Multiplexer<any Ticker>()
    let remover = SelfRemover(multiplexer)
    let other = CountingTicker()
    multiplexer.add(remover)
    multiplexer.add(other)
    multiplexer.notify { $0.tick(0) }
    multiplexer.notify { $0.tick(0) }
    #expect(remover.calls.load(ordering: .relaxed) == 2)  // the outer call and the nested one
    // Nested, outer and second dispatch; `remover` was gone by the second.
    #expect(other.calls.load(ordering: .relaxed) == 3)
    #expect(!multiplexer.contains(remover))
  }

  @Test("removeAndWait from inside another multiplexer's call still waits for this one's calls on other threads")
  func removeAndWaitInsideAnotherMultiplexersCall() {
    // Removes `victim` from `other`, waiting, from inside a call of its own multiplexer. (From inside a call of
    // `other` itself: `removeAndWaitInsideACallWaitsForOtherThreads`.)
    final class Remover: Ticker, @unchecked Sendable {
      let other: Multiplexer<any Ticker>
      let victim: any Ticker
      let holder: FirstCallHolder
      let holderWasInCall = Atomic<Bool>(false)
      init(other: Multiplexer<any Ticker>, victim: any Ticker, holder: FirstCallHolder) {
        self.other = other
        self.victim = victim
        self.holder = holder
      }
      func tick(_ dispatch: Int) {
        other.removeAndWait(victim)
        holderWasInCall.store(holder.isInFirstCall.load(ordering: .sequentiallyConsistent), ordering: .relaxed)
      }
    }
    let outer = Multiplexer<any Ticker>()
    let other = Multiplexer<any Ticker>()
    let holder = FirstCallHolder()
    let victim = CountingTicker()
    other.add(holder)
    other.add(victim)
    let remover = Remover(other: other, victim: victim, holder: holder)
    outer.add(remover)
    onThreads(3) { thread in
      switch thread {
      case 0:
        other.notify { $0.tick(0) }  // stays inside the holder's call until released
      case 1:
        holder.inCall.wait()
        holder.inCall.signal()
        // The dispatch of `outer` runs on this thread; the one of `other` that it must wait for, on thread 0.
        outer.notify { $0.tick(0) }
      default:
        holder.inCall.wait()
        holder.inCall.signal()
        usleep(100_000)  // let the removal fall asleep (a slow machine only makes this test weaker)
        holder.release.signal()
      }
    }
    #expect(!remover.holderWasInCall.load(ordering: .relaxed), "removeAndWait returned while a call ran")
    #expect(!other.contains(victim))
  }

  @Test("cancelAndWait of a strong observer returns after its deinit, run by the last dispatch to leave, ended")
  func cancelAndWaitAfterSlowDeinit() {
    final class Holder: Ticker, @unchecked Sendable {
      let inCall = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      func tick(_ dispatch: Int) {
        inCall.signal()
        release.wait()
      }
    }
    final class SlowDeinit: Ticker, @unchecked Sendable {
      let finished: Atomic<Bool>
      init(_ finished: Atomic<Bool>) { self.finished = finished }
      deinit {
        usleep(100_000)
        finished.store(true, ordering: .sequentiallyConsistent)
      }
      func tick(_ dispatch: Int) {}
    }
    let multiplexer = Multiplexer<any Ticker>()
    let holder = Holder()
    let finished = Atomic<Bool>(false)
    let finishedAtReturn = Atomic<Bool>(false)
    multiplexer.add(holder)
    // The dispatch below enters the gate and calls the holder; the cancellation replaces the strong registration
    // with a tombstone in a copy of the storage, so the published storage the dispatch iterates keeps the only
    // reference: the dispatch releases it when it leaves, last, and the deinit runs then.
    let token = multiplexer.add(SlowDeinit(finished), retention: .strong)
    onThreads(3) { thread in
      switch thread {
      case 0:
        multiplexer.notify { $0.tick(0) }
      case 1:
        holder.inCall.wait()
        holder.inCall.signal()
        token.cancelAndWait()
        finishedAtReturn.store(finished.load(ordering: .sequentiallyConsistent), ordering: .relaxed)
      default:
        holder.inCall.wait()
        holder.inCall.signal()
        usleep(100_000)  // let the removal fall asleep (a slow machine only makes this test weaker)
        holder.release.signal()
      }
    }
    #expect(finishedAtReturn.load(ordering: .relaxed), "cancelAndWait returned before the deinit ended")
  }

  @Test("Token cancelAndWait waits like removeAndWait")
  func cancelAndWait() {
    let multiplexer = Multiplexer<any Ticker>()
    let victim = CountingTicker(spin: 50_000)
    let token = multiplexer.add(victim)
    let started = Atomic<Bool>(false)
    onThreads(2) { thread in
      if thread == 0 {
        started.store(true, ordering: .sequentiallyConsistent)
        multiplexer.notify { $0.tick(0) }
      } else {
        while !started.load(ordering: .sequentiallyConsistent) { _yield() }
        while victim.calls.load(ordering: .sequentiallyConsistent) == 0 { _yield() }
        token.cancelAndWait()
        let inCall = victim.inCall.load(ordering: .sequentiallyConsistent)
        #expect(!inCall)
      }
    }
    #expect(!token.isActive)
  }

  @Test("Concurrent add, remove, cancel, release and dispatch from several threads")
  func concurrentMutation() {
    let multiplexer = Multiplexer<any Ticker>()
    let steady = CountingTicker()
    multiplexer.add(steady, retention: .strong)
    let dispatches = Atomic<Int>(0)
    onThreads(4) { thread in
      for iteration in 0..<2_000 {
        switch thread {
        case 0:
          let ticker = CountingTicker()
          multiplexer.add(ticker)
          multiplexer.remove(ticker)
        case 1:
          let ticker = CountingTicker()
          let token = multiplexer.add(
            ticker,
            retention: iteration.isMultiple(of: 2) ? .strong : .weak,
            priority: iteration % 3
          )
          _ = multiplexer.count
          token.cancel()
        case 2:
          // Released without removal: the slot must be reclaimed by a later dispatch.
          multiplexer.add(CountingTicker())
        default:
          multiplexer.notify { $0.tick(0) }
          dispatches.wrappingAdd(1, ordering: .relaxed)
        }
      }
    }
    multiplexer.notify { $0.tick(0) }
    #expect(multiplexer.count == 1)
    #expect(multiplexer.observers.count == 1)
    #expect(steady.calls.load(ordering: .relaxed) == dispatches.load(ordering: .relaxed) + 1)
  }

  @Test("Tokens and blocks used on another thread while the multiplexer is released: each acts or does nothing")
  func tokensRaceTheMultiplexersDeinit() {
    // Tokens reach their multiplexer through a link that its deinit clears under the lock, after a conditional
    // retain (see `_OwnerLink`): run every operation of every kind of token against the deinit, many times, at
    // once. A token that touched a freed multiplexer, or retained one whose deinit had begun, would crash here or
    // under the sanitizers (CI runs this suite under both). Nothing here references the multiplexer weakly: its
    // reference counts stay inline, as in an app that keeps it strongly.
    let steady = CountingTicker()
    let rounds = 1_000
    var deinitsSeen = 0
    for round in 0..<rounds {
      let box = Locked<Multiplexer<any Ticker>?>(Multiplexer<any Ticker>())
      weak var strongObserver: CountingTicker?
      let tokens: [ObservationToken] = box.withLock { multiplexer in
        let strong = CountingTicker()
        strongObserver = strong
        return [
          multiplexer!.add(steady),  // the registration itself
          multiplexer!.add(strong, retention: .strong),  // a claim token
          multiplexer!.add(steady),  // a second claim
          multiplexer!.add(CountingTicker(), retention: .strong),
        ]
      }
      let blocks = Locked<[ObservationBlock]>([tokens[1].block()])
      let arrived = Atomic<Int>(0)
      let released = Atomic<Bool>(false)
      onThreads(2) { thread in
        arrived.wrappingAdd(1, ordering: .sequentiallyConsistent)
        while arrived.load(ordering: .sequentiallyConsistent) < 2 { _yield() }
        if thread == 0 {
          // Moved out of the lock, then released here: the deinit runs on this thread.
          var multiplexer = box.withLock { value in
            defer { value = nil }
            return value
          }
          multiplexer?.notify { $0.tick(round) }
          multiplexer = nil
          withExtendedLifetime(multiplexer) {}
          released.store(true, ordering: .sequentiallyConsistent)
          return
        }
        // Until the release is over, and at least 12 operations.
        var step = 0
        while !released.load(ordering: .sequentiallyConsistent) || step < 12 {
          let token = tokens[step % tokens.count]
          switch (round + step) % 6 {
          case 0: token.cancel()
          case 1: _ = token.isActive
          case 2: _ = token.isBlocked
          case 3:
            let block = token.block()
            blocks.withLock { $0.append(block) }
          case 4: blocks.withLock { $0.popLast() }?.cancel()
          default: token.cancelAndWait()
          }
          step += 1
        }
      }
      // Whatever ran first, the multiplexer is gone (it held the strong observer) and the tokens are inert.
      if strongObserver == nil { deinitsSeen += 1 }
      #expect(tokens.allSatisfy { !$0.isActive && !$0.isBlocked })
      blocks.withLock { $0.removeAll() }
    }
    #expect(deinitsSeen == rounds)
  }

  #if DEBUG
  @Test("A token used once its multiplexer's deinit began, before the link is detached, does nothing")
  func tokenInsideTheDeinitWindow() {
    // The window the conditional retain exists for: the strong count is zero, the deinit has not yet cleared the
    // link's reference. A plain retain there would report the token active and resurrect a dying multiplexer.
    var multiplexer: Multiplexer<any Ticker>? = Multiplexer<any Ticker>()
    let observer = CountingTicker()
    let token = multiplexer!.add(observer)
    let claim = multiplexer!.add(observer)
    let strongToken = multiplexer!.add(CountingTicker(), retention: .strong)
    let address = Unmanaged.passUnretained(multiplexer!).toOpaque()
    let seen = Locked<[Bool]?>(nil)
    _OwnerLinkTesting.setBeforeDetach { deiniting in
      guard deiniting == address else { return }
      var answers = [token.isActive, claim.isActive, strongToken.isActive, token.isBlocked]
      let block = token.block()
      answers.append(token.isBlocked)
      block.cancel()
      for each in [token, claim, strongToken] {
        each.cancel()
        each.cancelAndWait()
      }
      seen.withLock { $0 = answers }
    }
    defer { _OwnerLinkTesting.setBeforeDetach(nil) }
    multiplexer = nil
    #expect(seen.withLock { $0 } == [false, false, false, false, false])
  }
  #endif

  @Test("A multiplexer of Sendable observers is Sendable")
  func sendable() async {
    let multiplexer = Multiplexer<any Ticker>()
    let ticker = CountingTicker()
    multiplexer.add(ticker)
    await Task.detached { multiplexer.notify { $0.tick(0) } }.value
    #expect(ticker.calls.load(ordering: .relaxed) == 1)
  }
}

private func _yield() {
  sched_yield()
}
