import Multiplex
import Testing

// Tests for what this branch adds to the runtime: `_LockedWeakReference`, and the `isolation` parameter of the
// asynchronous `notify` and `combine`, exercised here without the macro.

@Suite struct LockedWeakReferenceTests {
  final class Object {}

  @Test func holdsItsObjectWeakly() {
    let reference = _LockedWeakReference<Object>()
    #expect(reference.object == nil)
    do {
      let object = Object()
      reference.object = object
      #expect(reference.object === object)
    }
    #expect(reference.object == nil)
  }

  @Test func storesClassBoundExistentials() {
    let reference = _LockedWeakReference<any ScrollViewDelegate>()
    let zoomer = Zoomer("z")
    reference.object = zoomer
    #expect(reference.object === zoomer)
    reference.object = nil
    #expect(reference.object == nil)
  }

  @Test func doesNotStoreValuesOfOtherTypes() {
    let reference = _LockedWeakReference<Any>(42)
    #expect(reference.object == nil)
    let object = Object()
    reference.object = object
    #expect(reference.object as AnyObject? === object)
  }

  @Test func readsAndWritesFromManyThreadsAtOnce() async {
    final class Shared: Sendable {}
    let reference = _LockedWeakReference<Shared>()
    let objects = (0..<4).map { _ in Shared() }
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for index in 0..<5_000 {
            if (index + worker).isMultiple(of: 3) {
              reference.object = objects[(index + worker) % objects.count]
            } else if let object = reference.object {
              #expect(objects.contains { $0 === object })
            }
          }
        }
      }
    }
    withExtendedLifetime(objects) {}
  }
}

/// A `@MainActor` protocol with a hand-written multiplexer, to check the runtime's asynchronous API from an
/// isolated context (before `isolation:` existed, these calls did not compile).
@MainActor
protocol Loader: AnyObject {
  func load(_ value: inout Int) async
  func result() async -> String?
}

extension Loader {
  func load(_ value: inout Int) async {}
  func result() async -> String? { notImplemented(by: self, returning: nil) }
}

@MainActor
final class LoaderMultiplexer: Loader {
  let multiplexer = Multiplexer<any Loader>()
  func load(_ value: inout Int) async { await multiplexer.notify { await $0.load(&value) } }
  func result() async -> String? { await multiplexer.combine(default: nil, requirement: .any) { await $0.result() } }
  func allResults() async -> [String?] {
    await multiplexer.combine(using: .all, default: nil, requirement: .any) { await $0.result() }
  }
}

@MainActor
final class Incrementer: Loader {
  let answer: String?
  init(answer: String?) { self.answer = answer }
  func load(_ value: inout Int) async {
    MainActor.assertIsolated()
    await Task.yield()
    value += 1
  }
  func result() async -> String? { answer }
}

@MainActor
final class Silent: Loader {}

@Suite struct AsyncIsolationTests {
  @MainActor
  @Test func asyncDispatchRunsOnTheCallersActor() async {
    let loader = LoaderMultiplexer()
    let a = Incrementer(answer: "a")
    let silent = Silent()
    let b = Incrementer(answer: nil)
    loader.multiplexer.add(silent)
    loader.multiplexer.add(a)
    loader.multiplexer.add(b)

    var value = 0
    await loader.load(&value)

    #expect(value == 2)
    #expect(await loader.result() == "a")
    #expect(await loader.allResults() == ["a", nil])  // the silent observer does not respond
  }

  /// An actor owning a multiplexer of non-`Sendable` observers.
  actor Counter {
    var total = 0
    let multiplexer = Multiplexer<any Counting>()
    func add(_ counting: any Counting) { multiplexer.add(counting, retention: .strong) }
    func run() async -> Int {
      var total = self.total
      await multiplexer.notify { await $0.count(into: &total) }
      self.total = total
      return total
    }
  }

  @Test func asyncDispatchFromAnActor() async {
    let counter = Counter()
    await counter.add(Adder())
    await counter.add(Adder())
    #expect(await counter.run() == 2)
  }
}

/// Not `Sendable`: its observers stay in the actor's region.
protocol Counting: AnyObject {
  func count(into total: inout Int) async
}

final class Adder: Counting {
  var calls = 0
  func count(into total: inout Int) async {
    calls += 1
    total += 1
  }
}
