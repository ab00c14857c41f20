import MultiplexMacros
import Testing

// Generated multiplexers adopt `DelegateMultiplexing`: they can be installed in a delegate slot you do not own,
// keeping the current delegate as the primary. Also for an actor-isolated protocol (an isolated conformance).

/// An observer that answers `viewForZooming` with its own view and records its scroll calls.
private final class InstalledZoomer: ScrollViewDelegate {
  let view: View
  var scrolls = 0
  init(_ name: String) { view = View(name) }
  func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
  func viewForZooming(in scrollView: ScrollView) -> View? { view }
}

@MainActor
private final class InterfaceOwner {
  weak var delegate: (any InterfaceDelegate)?
}

@MainActor
private final class TitleProvider: InterfaceDelegate {
  let name: String
  init(_ name: String) { self.name = name }
  func title() -> String? { name }
  func height(row: Int) -> Double { 10 }
}

@Suite struct GeneratedInterceptionTests {
  @Test func aGeneratedMultiplexerInstallsWithTheOwnersDelegateAsPrimary() {
    let scrollView = ScrollView()
    let owned = InstalledZoomer("owned")
    let listener = InstalledZoomer("listener")
    scrollView.delegate = owned
    let multiplexer = ScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate)
    multiplexer.add(listener)
    #expect(scrollView.delegate === multiplexer)
    #expect(multiplexer.multiplexer.primary === owned)
    scrollView.scroll(to: Point(x: 0, y: 10))
    #expect(owned.scrolls == 1 && listener.scrolls == 1)
    #expect(scrollView.delegate?.viewForZooming(in: scrollView) === owned.view)  // the primary's answer wins
    #expect(ScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate) === multiplexer)
    ScrollViewDelegateMultiplexer.uninstall(from: scrollView, delegate: \.delegate)
    #expect(scrollView.delegate === owned)
  }

  @MainActor
  @Test func anIsolatedGeneratedMultiplexerInstallsOnTheMainActor() {
    let owner = InterfaceOwner()
    let original = TitleProvider("original")
    let secondary = TitleProvider("secondary")
    owner.delegate = original
    let multiplexer = InterfaceDelegateMultiplexer.install(on: owner, delegate: \.delegate)
    multiplexer.add(secondary)
    #expect(owner.delegate?.title() == "original")
    let replacement = TitleProvider("replacement")
    owner.delegate = replacement
    InterfaceDelegateMultiplexer.install(on: owner, delegate: \.delegate)
    #expect(owner.delegate?.title() == "replacement")
    #expect(multiplexer.contains(secondary))
  }
}
