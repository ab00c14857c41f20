import Multiplex

// The cost of an event stream (issue 43): a `Void` dispatch with one open stream, against the same multiplexer
// without one, and what re-setting a delegate slot (`reassignDelegateSlots()`, which the `@objc` multiplexers call
// when a stream opens or the last one reporting a requirement ends) costs against assigning the slot by hand.

/// `didChange(_:)` dispatched to `size` weak observers, and, with `streams`, to that many open event streams too
/// (buffering the newest event, never read: each call yields one event, which replaces the one before).
final class StreamingSystem: System {
  let multiplexer: ListenerMultiplexer
  let streams: [AsyncStream<ListenerMultiplexer.Event>]

  init(_ observers: [any Listener], streams count: Int) {
    let multiplexer = ListenerMultiplexer()
    for observer in observers { multiplexer.add(observer) }
    self.multiplexer = multiplexer
    streams = (0..<count).map { _ in multiplexer.events(bufferingPolicy: .bufferingNewest(1)) }
  }

  func run(_ iterations: Int) -> Int {
    for iteration in 0..<iterations { multiplexer.didChange(iteration) }
    return streams.count
  }
}

/// A sender with a weak delegate slot whose setter does nothing else (UIKit's asks `respondsToSelector:` for
/// each optional method there: that part is the SDK's, not measured here).
final class SlotOwner {
  weak var delegate: (any Listener)?
}

/// `reassignDelegateSlots()` on a multiplexer installed in one slot: find the installation, check the slot still
/// holds the multiplexer, assign `nil`, assign the multiplexer.
final class ReassignSystem: System {
  let owner = SlotOwner()
  let multiplexer: ListenerMultiplexer

  init() {
    multiplexer = ListenerMultiplexer.install(on: owner, delegate: \.delegate)
  }

  func run(_ iterations: Int) -> Int {
    var count = 0
    for _ in 0..<iterations { count &+= multiplexer.reassignDelegateSlots() }
    return count
  }
}

/// The floor of a re-set: `nil`, then the multiplexer, assigned to the slot directly.
final class AssignTwiceSystem: System {
  let owner = SlotOwner()
  let multiplexer = ListenerMultiplexer()

  func run(_ iterations: Int) -> Int {
    for _ in 0..<iterations {
      owner.delegate = nil
      owner.delegate = multiplexer
    }
    return owner.delegate == nil ? 0 : 1
  }
}

/// One open stream's cost per dispatch.
let streamWorkload: Workload = {
  @Sendable func make(_ size: Int, streams: Int) -> any System {
    let observers = makeObservers(size, for: .void)
    return Holding(observers, StreamingSystem(observers, streams: streams))
  }
  return Workload(
    name: "stream",
    title: "Void call (notify) with one open event stream, against none",
    sizes: standardSizes,
    unit: "dispatch",
    unitsPerIteration: { _ in 1 },
    countsMallocs: true,
    contenders: [
      Contender(SystemName.multiplexWeak + ", no stream", floor: nil) { make($0, streams: 0) },
      Contender(SystemName.multiplexWeak + ", one open stream", floor: SystemName.multiplexWeak + ", no stream") {
        make($0, streams: 1)
      },
    ]
  )
}()

/// A slot re-set's cost.
let reassignWorkload = Workload(
  name: "reassign",
  title: "Re-setting an installed multiplexer's delegate slot (nil, then the multiplexer)",
  sizes: [1],
  unit: "re-set",
  unitsPerIteration: { _ in 1 },
  countsMallocs: true,
  contenders: [
    Contender("floor: assign nil, then the multiplexer", floor: nil) { _ in AssignTwiceSystem() },
    Contender("Multiplex reassignDelegateSlots()", floor: "floor: assign nil, then the multiplexer") { _ in
      ReassignSystem()
    },
  ]
)
