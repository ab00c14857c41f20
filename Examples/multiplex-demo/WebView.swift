/// A "web view" that owns a scroll view and is its delegate: the situation of the secondary-delegate article.
///
/// Its own delegate object answers `viewForZooming` with the page, and it replaces that object when it loads a
/// new page, assigning `scrollView.delegate` directly, as framework code does.
final class WebView {
  let scrollView: ScrollView
  private var pageDelegate: PageDelegate

  init(timeline: Timeline) {
    scrollView = ScrollView(width: 320, contentWidth: 3200, timeline: timeline)
    pageDelegate = PageDelegate(page: "page 1", timeline: timeline)
    scrollView.delegate = pageDelegate
  }

  /// Loads a page: a new delegate object replaces the old one in the slot.
  func load(_ page: String) {
    pageDelegate = PageDelegate(page: page, timeline: pageDelegate.timeline)
    scrollView.delegate = pageDelegate
  }

  /// The web view's own delegate: it tracks the scroll position and zooms the page.
  final class PageDelegate: ScrollViewDelegate {
    let page: View
    let timeline: Timeline

    init(page: String, timeline: Timeline) {
      self.page = View(name: page)
      self.timeline = timeline
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
      timeline.note("webview", "\(page) scrolled to \(format(scrollView.contentOffset))")
    }

    func viewForZooming(in scrollView: ScrollView) -> View? { page }
  }
}

/// Listens to the web view's scroll view without being its delegate.
final class ReadingProgress: ScrollViewDelegate {
  let timeline: Timeline
  init(timeline: Timeline) { self.timeline = timeline }

  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    let percent = Int((scrollView.contentOffset / scrollView.maximumOffset * 100).rounded())
    timeline.note("progress", "read \(percent)% of the page")
  }
}
