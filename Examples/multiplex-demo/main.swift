// multiplex-demo: one scroll view, one delegate slot, four observers.
//
//   swift run multiplex-demo [--velocity POINTS_PER_SECOND] [--page-width POINTS] [--extra-observers N]
//
// A scripted gesture drives a model scroll view whose single `delegate` slot holds a multiplexer. The
// multiplexer fans every call out to a parallax header, a scroll indicator, an analytics logger and a paging
// snapper. Half-way through, the indicator is deallocated (nobody removes it) and the logger removes itself
// from inside a callback. Later scenes listen to a "web view"'s scroll view without taking over its delegate,
// read the calls as a typed event stream, deliver a loader's calls to an observer on its own queue, and listen to
// Foundation's XMLParser through a multiplexer that multiplex-generate wrote (where FoundationXML exists). The
// output is deterministic: simulated time, and the one queue is suspended while calls are posted to it.

import Foundation
import MultiplexMacros

struct Options {
  var velocity = 900.0
  var pageWidth = 320.0
  var extraObservers = 0

  static func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--velocity":
        guard let value = iterator.next().flatMap(Double.init) else { return nil }
        options.velocity = value
      case "--page-width":
        guard let value = iterator.next().flatMap(Double.init), value > 0 else { return nil }
        options.pageWidth = value
      case "--extra-observers":
        guard let value = iterator.next().flatMap(Int.init), value >= 0 else { return nil }
        options.extraObservers = value
      default:
        return nil
      }
    }
    return options
  }
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
  print("usage: multiplex-demo [--velocity POINTS_PER_SECOND] [--page-width POINTS>0] [--extra-observers N>=0]")
  exit(2)
}

let timeline = Timeline(echo: true)
let scrollView = ScrollView(width: options.pageWidth, contentWidth: options.pageWidth * 5, timeline: timeline)
let multiplexer = ScrollViewDelegateMultiplexer()
scrollView.delegate = multiplexer

let header = ParallaxHeader(timeline: timeline)
var indicator: ScrollIndicator? = ScrollIndicator(timeline: timeline)
let analytics = Analytics(timeline: timeline)
let snapper = PagingSnapper(timeline: timeline, pageWidth: options.pageWidth)
analytics.multiplexer = multiplexer

multiplexer.add(header)
multiplexer.add(indicator!)
multiplexer.add(analytics)
multiplexer.add(snapper)
let counters = (0..<options.extraObservers).map { _ in CallCounter() }
for counter in counters { multiplexer.add(counter) }

print("multiplex-demo: a scroll view with one delegate slot and \(multiplexer.count) observers")

timeline.heading("1. Drag and fling: every observer sees every call; the snapper rewrites the target (inout)")
scrollView.drag(by: [30, 45, 60], releaseVelocity: options.velocity)

timeline.heading("2. The indicator is deallocated; nobody calls remove")
indicator = nil
print("observers now: \(multiplexer.count)")

timeline.heading("3. Drag back: the indicator is skipped, the analytics logger already removed itself")
scrollView.drag(by: [-20, -25], releaseVelocity: -options.velocity / 2)

timeline.heading("4. Pinch: the scroll view asks for the view to zoom; the first responding observer answers")
scrollView.pinch(to: 2)

timeline.heading("5. Status bar tap: no observer implements shouldScrollToTop, so the default (true) applies")
scrollView.tapStatusBar()

timeline.heading("6. A web view owns its scroll view's delegate; listen without breaking it")
let webView = WebView(timeline: timeline)
let progress = ReadingProgress(timeline: timeline)
let listener = ScrollViewDelegateMultiplexer.install(on: webView.scrollView, delegate: \.delegate)
listener.add(progress)
print("installed: the web view's delegate is now the primary; reading progress is a secondary")
webView.scrollView.drag(by: [40], releaseVelocity: 300)
webView.scrollView.pinch(to: 1.5)

timeline.heading("7. The web view loads a page and replaces its delegate; installing again adopts it")
webView.load("page 2")
webView.scrollView.drag(by: [10], releaseVelocity: 0)
print("(the listener missed that drag: the web view's new delegate took the slot)")
ScrollViewDelegateMultiplexer.install(on: webView.scrollView, delegate: \.delegate)
webView.scrollView.drag(by: [10], releaseVelocity: 0)
webView.scrollView.pinch(to: 2)

timeline.heading("8. Typed events: the generated Event stream records what the scroll view did")
await recordEvents(of: scrollView, through: multiplexer)

timeline.heading("9. Delivery contexts: a disk cache receives a loader's calls on its own queue, in order")
await deliverThumbnails()

timeline.heading("10. A delegate you did not declare: XMLParser through a multiplexer multiplex-generate wrote")
readFeed()

let counted = counters.reduce(0) { $0 + $1.calls }
print(
  "\nobservers at the end: \(multiplexer.count)"
    + (counters.isEmpty ? "" : "; extra observers received \(counted) calls")
)

/// Iterates `multiplexer.events()` while the scroll view is dragged, printing each typed event until the fling ends.
///
/// The stream buffers (`.unbounded` by default), so the gesture can run first and the loop read the events after;
/// leaving the function releases the stream, which unregisters its observer.
func recordEvents(of scrollView: ScrollView, through multiplexer: ScrollViewDelegateMultiplexer) async {
  let events = multiplexer.events()
  scrollView.drag(by: [25], releaseVelocity: 0)
  for await event in events {
    switch event {
    case .scrollViewWillBeginDragging: print("              event       .scrollViewWillBeginDragging")
    // The event carries the scroll view itself (a reference): read live values when the event arrives.
    case .scrollViewDidScroll: print("              event       .scrollViewDidScroll(scrollView)")
    case .scrollViewDidEndDecelerating:
      print("              event       .scrollViewDidEndDecelerating")
      return
    default: print("              event       \(event)")
    }
  }
}
