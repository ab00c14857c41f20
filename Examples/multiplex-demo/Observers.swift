import MultiplexMacros

/// Moves a header image at half the scroll speed.
final class ParallaxHeader: ScrollViewDelegate {
  let timeline: Timeline
  init(timeline: Timeline) { self.timeline = timeline }

  func scrollViewDidScroll(_ scrollView: ScrollView) {
    timeline.note("header", "parallax shift \(format(-scrollView.contentOffset / 2))")
  }
}

/// Draws a scroll bar.
final class ScrollIndicator: ScrollViewDelegate {
  let timeline: Timeline
  init(timeline: Timeline) { self.timeline = timeline }

  deinit { timeline.note("indicator", "deallocated (nobody removed it)") }

  func scrollViewDidScroll(_ scrollView: ScrollView) {
    let cells = 20
    let filled = Int((scrollView.contentOffset / scrollView.maximumOffset * Double(cells)).rounded())
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: cells - filled)
    timeline.note("indicator", "[" + bar + "]")
  }
}

/// Counts events and, once the first gesture ended, removes itself from inside the callback.
final class Analytics: ScrollViewDelegate {
  let timeline: Timeline
  weak var multiplexer: ScrollViewDelegateMultiplexer?
  private var scrolls = 0

  init(timeline: Timeline) { self.timeline = timeline }

  func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }

  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    timeline.note("analytics", "session: \(scrolls) scroll events; removing myself from inside this call")
    multiplexer?.remove(self)
  }
}

/// Snaps flings to whole pages by rewriting the target offset, and provides the view to zoom.
final class PagingSnapper: ScrollViewDelegate {
  let timeline: Timeline
  let pageWidth: Double
  let photo = View(name: "photo")

  init(timeline: Timeline, pageWidth: Double) {
    self.timeline = timeline
    self.pageWidth = pageWidth
  }

  func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double, targetContentOffset: inout Double) {
    let page = (targetContentOffset / pageWidth).rounded()
    let snapped = page * pageWidth
    timeline.note("snapper", "target \(format(targetContentOffset)) -> page \(Int(page)) at \(format(snapped))")
    targetContentOffset = snapped
  }

  func viewForZooming(in scrollView: ScrollView) -> View? {
    timeline.note("snapper", "offers \(photo) for zooming")
    return photo
  }
}

/// An extra observer that only counts calls; `--extra-observers N` adds N of them.
final class CallCounter: ScrollViewDelegate {
  private(set) var calls = 0
  func scrollViewDidScroll(_ scrollView: ScrollView) { calls += 1 }
}
