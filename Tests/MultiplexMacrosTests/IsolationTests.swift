import MultiplexMacros
import Testing

// Isolation carried over (`@MainActor` protocol → `@MainActor` multiplexer, including `async` requirements),
// `Sendable` protocols, nested protocols, and the access level and availability of the protocol.

@MainActor
final class Button: InterfaceDelegate {
  let name: String
  let rowHeight: Double
  var taps: [Int] = []
  init(_ name: String, rowHeight: Double = 30) {
    self.name = name
    self.rowHeight = rowHeight
  }
  func didTap(_ x: Int) { taps.append(x) }
  func loadTitle() async -> String? {
    await Task.yield()
    return name
  }
  func fetch(_ value: inout Int) async throws {
    await Task.yield()
    value *= 2
  }
  func height(row: Int) -> Double { rowHeight }  // required: no default implementation
}

@MainActor
final class Label: InterfaceDelegate {
  func title() -> String? { "label" }
  func height(row: Int) -> Double { 20 }
}

@MainActor
final class TallestRow: InterfaceDelegateCombining {
  func interfaceDelegateMultiplexer(
    _ multiplexer: InterfaceDelegateMultiplexer,
    combineHeightRow responses: inout Responses<any InterfaceDelegate, Double>,
    default defaultValue: Double
  ) -> Double {
    var tallest: Double? = nil
    for response in responses { tallest = max(tallest ?? response.value, response.value) }
    return tallest ?? defaultValue
  }
}

@MainActor
@Suite struct MainActorTests {
  let multiplexer = InterfaceDelegateMultiplexer()

  @Test func synchronousRequirementsForwardOnTheMainActor() {
    let button = Button("ok")
    let label = Label()
    multiplexer.add(button)
    multiplexer.add(label)

    multiplexer.didTap(3)

    #expect(button.taps == [3])
    #expect(multiplexer.title() == "label")
  }

  @Test func asynchronousRequirementsForwardWithoutLeavingTheMainActor() async throws {
    let first = Button("first")
    let second = Button("second")
    multiplexer.add(Label())
    multiplexer.add(first)
    multiplexer.add(second)

    #expect(await multiplexer.loadTitle() == "first")
    var value = 3
    try await multiplexer.fetch(&value)
    #expect(value == 12)  // chained: each button doubles it
  }

  @Test func requiredRequirementWithDefaultAnswersWithoutObservers() {
    #expect(multiplexer.height(row: 0) == 44)

    multiplexer.add(Button("b", rowHeight: 30), retention: .strong)
    multiplexer.add(Label(), retention: .strong)
    #expect(multiplexer.height(row: 0) == 30)

    let combiner = TallestRow()
    multiplexer.combiner = combiner
    #expect(multiplexer.height(row: 0) == 30)
    multiplexer.add(Button("tall", rowHeight: 90), retention: .strong)
    #expect(multiplexer.height(row: 0) == 90)
  }
}

/// A `Sendable` observer of the nested `Sendable` protocol.
final class Catalog: Outer.ItemDelegate {
  let items: [Outer.Item]
  init(_ ids: [Int]) { items = ids.map { Outer.Item(id: $0) } }
  func item(at index: Int) -> Outer.Item? { items.indices.contains(index) ? items[index] : nil }
}

/// A `Sendable` combiner: the last non-`nil` item.
final class LastItem: Outer.ItemDelegateCombining {
  func itemDelegateMultiplexer(
    _ multiplexer: Outer.ItemDelegateMultiplexer,
    combineItemAt responses: inout Responses<any Outer.ItemDelegate, Outer.Item?>,
    default defaultValue: Outer.Item?
  ) -> Outer.Item? {
    var result = defaultValue
    for response in responses where response.value != nil { result = response.value }
    return result
  }
}

@Suite struct SendableAndNestedTests {
  @Test func aSendableProtocolsMultiplexerIsSendable() async {
    let multiplexer = Outer.ItemDelegateMultiplexer()
    let catalog = Catalog([1, 2])
    multiplexer.add(catalog)

    let item = await Task.detached { multiplexer.item(at: 1) }.value

    #expect(item == Outer.Item(id: 2))
    withExtendedLifetime(catalog) {}
  }

  @Test func theCombinerCanBeReplacedWhileOtherThreadsDispatch() async {
    let multiplexer = Outer.ItemDelegateMultiplexer()
    let first = Catalog([1])
    let second = Catalog([2])
    multiplexer.add(first)
    multiplexer.add(second)
    let combiner = LastItem()

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<2_000 {
            let item = multiplexer.item(at: 0)
            #expect(item == Outer.Item(id: 1) || item == Outer.Item(id: 2))
          }
        }
      }
      group.addTask {
        for index in 0..<2_000 { multiplexer.combiner = index.isMultiple(of: 2) ? combiner : nil }
      }
    }
    multiplexer.combiner = combiner
    #expect(multiplexer.item(at: 0) == Outer.Item(id: 2))
    withExtendedLifetime((first, second)) {}
  }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class Pinger: AvailabilityDelegate {
  var renders = 0
  nonisolated func ping() -> Int? { 7 }
  @MainActor func render() { renders += 1 }
}

@Suite struct AccessAndAvailabilityTests {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @MainActor
  @Test func packageProtocolWithAvailabilityForwards() {
    let multiplexer = AvailabilityDelegateMultiplexer()
    let pinger = Pinger()
    multiplexer.add(pinger)

    #expect(multiplexer.ping() == 7)
    multiplexer.render()
    #expect(pinger.renders == 1)
  }
}
