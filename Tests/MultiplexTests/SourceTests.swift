import Multiplex
import Testing

/// FSQ's enumerator flavor: observers that live in another structure, asked for at every call.
@Suite("Observer sources")
struct SourceTests {
  /// Children living in another structure. Each test uses it from one thread only; the source closure must be
  /// `@Sendable` because a multiplexer may dispatch from any thread.
  final class Container: @unchecked Sendable {
    var children: [Probe] = []
  }

  @Test("A source's observers are called in its order, before registered observers")
  func sourceOrder() {
    let log = Log()
    let container = Container()
    container.children = [Probe("c1", log: log), Probe("c2", log: log)]
    let observers = Multiplexer<any ScrollDelegate>(source: { [unowned container] in container.children })
    let registered = Probe("registered", log: log)
    observers.add(registered)
    observers.notify { $0.didScroll(1) }
    #expect(log.events == ["c1.didScroll(1)", "c2.didScroll(1)", "registered.didScroll(1)"])
    #expect(observers.count == 3)
    #expect(observers.contains(container.children[1]))
    #expect(!observers.isEmpty)
    #expect(observers.observers.map { ($0 as! Probe).name } == ["c1", "c2", "registered"])
  }

  @Test("The source is evaluated at every call; changing it during a call affects the next call")
  func sourceMutationDuringCall() {
    let log = Log()
    let container = Container()
    let first = Probe("first", log: log)
    let second = Probe("second", log: log)
    first.onScroll = { _, _ in container.children.append(Probe("added", log: log)) }
    container.children = [first, second]
    let observers = Multiplexer<any ScrollDelegate>(source: { [unowned container] in container.children })
    observers.notify { $0.didScroll(1) }
    #expect(log.events == ["first.didScroll(1)", "second.didScroll(1)"])
    log.clear()
    first.onScroll = nil
    container.children.removeFirst()
    observers.notify { $0.didScroll(2) }
    #expect(log.events == ["second.didScroll(2)", "added.didScroll(2)"])
  }

  @Test("Observers leaving the source are not called; the multiplexer does not retain them")
  func sourceDeallocation() {
    let log = Log()
    let container = Container()
    weak var weakChild: Probe?
    do {
      let child = Probe("child", log: log)
      weakChild = child
      container.children = [child]
    }
    let observers = Multiplexer<any ScrollDelegate>(source: { [unowned container] in container.children })
    observers.notify { $0.didScroll(1) }
    container.children = []
    #expect(weakChild == nil)
    observers.notify { $0.didScroll(2) }
    #expect(log.events == ["child.didScroll(1)"])
  }

  @Test("Source observers take part in combining: FSQ's later child claims the result")
  func sourceCombining() {
    let log = Log()
    let container = Container()
    let a = Probe("a", log: log)
    let b = Probe("b", log: log)
    a.scoreAnswer = 1
    b.scoreAnswer = 2
    container.children = [a, b]
    let observers = Multiplexer<any ScrollDelegate>(source: { [unowned container] in container.children })
    #expect(observers.combine(default: 0, requirement: .any) { $0.score() } == 1)
    let claimed = Combiner<any ScrollDelegate, Int, Int> { responses, defaultValue in
      var result = defaultValue
      for response in responses where (response.observer as? Probe)?.name == "b" { result = response.value }
      return result
    }
    #expect(observers.combine(using: claimed, default: 0, requirement: .any) { $0.score() } == 2)
  }
}
