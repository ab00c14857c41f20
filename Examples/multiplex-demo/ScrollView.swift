import MultiplexMacros

/// A view the scroll view can zoom.
final class View: CustomStringConvertible {
  let name: String
  init(name: String) { self.name = name }
  var description: String { name }
}

/// The delegate protocol of the model scroll view: the shape of UIKit's `UIScrollViewDelegate`, in pure Swift.
///
/// `@Multiplexed` generates `ScrollViewDelegateMultiplexer`, which sits in the scroll view's one delegate slot
/// and forwards every call to its observers, and the default implementations that make every requirement
/// optional, as in UIKit: observers implement only what they need.
@Multiplexed
protocol ScrollViewDelegate: AnyObject {
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  func scrollViewDidScroll(_ scrollView: ScrollView)
  func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double, targetContentOffset: inout Double)
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
  func viewForZooming(in scrollView: ScrollView) -> View?
  func scrollViewDidZoom(_ scrollView: ScrollView)
  @MultiplexedDefault(true)
  func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
}

/// A one-dimensional scroll view with a single `delegate` slot, driven by a simulated clock.
final class ScrollView {
  /// The one delegate slot, weak as in UIKit.
  weak var delegate: (any ScrollViewDelegate)?

  /// The horizontal scroll position, in points.
  private(set) var contentOffset: Double = 0
  /// The scrollable width, in points.
  let contentWidth: Double
  /// The visible width, in points.
  let width: Double
  /// The zoom scale of the zoomed view.
  private(set) var zoomScale: Double = 1
  /// Simulated time, in milliseconds.
  private(set) var time = 0

  private let timeline: Timeline

  init(width: Double, contentWidth: Double, timeline: Timeline) {
    self.width = width
    self.contentWidth = contentWidth
    self.timeline = timeline
  }

  /// The largest valid content offset.
  var maximumOffset: Double { contentWidth - width }

  /// A finger drags the content by `steps` (one per 16 ms frame), then lifts with `velocity` points per second.
  func drag(by steps: [Double], releaseVelocity velocity: Double) {
    event("willBeginDragging")
    delegate?.scrollViewWillBeginDragging(self)
    for step in steps {
      tick()
      contentOffset = clamp(contentOffset + step)
      event("didScroll offset=\(format(contentOffset))")
      delegate?.scrollViewDidScroll(self)
    }
    // Where a fling with this velocity would stop; the delegates may rewrite it (a paging snap does).
    let deceleration = 0.998
    var target = clamp(contentOffset + velocity / 1000 * deceleration / (1 - deceleration))
    event("willEndDragging velocity=\(format(velocity)) proposed target=\(format(target))")
    delegate?.scrollViewWillEndDragging(self, velocity: velocity, targetContentOffset: &target)
    target = clamp(target)
    event("decelerating to \(format(target))")
    decelerate(to: target)
  }

  /// A pinch zooms the view the delegate provides.
  func pinch(to scale: Double) {
    event("pinch: asking the delegate for the view to zoom")
    guard let view = delegate?.viewForZooming(in: self) else {
      event("no view to zoom: pinch ignored")
      return
    }
    tick()
    zoomScale = scale
    event("zoomed \(view) to \(format(scale))x")
    delegate?.scrollViewDidZoom(self)
  }

  /// A tap on the status bar scrolls to the top, if the delegate agrees.
  func tapStatusBar() {
    event("status bar tapped")
    let shouldScroll = delegate?.scrollViewShouldScrollToTop(self) ?? true
    event("shouldScrollToTop -> \(shouldScroll)")
    guard shouldScroll else { return }
    decelerate(to: 0)
  }

  private func decelerate(to target: Double) {
    let start = contentOffset
    let frames = abs(target - start) < 0.5 ? 0 : 6
    for frame in stride(from: 1, through: frames, by: 1) {
      tick()
      let progress = Double(frame) / Double(frames)
      let eased = 1 - (1 - progress) * (1 - progress)  // ease-out
      contentOffset = start + (target - start) * eased
      event("didScroll offset=\(format(contentOffset))")
      delegate?.scrollViewDidScroll(self)
    }
    event("didEndDecelerating")
    delegate?.scrollViewDidEndDecelerating(self)
  }

  private func tick() { time += 16 }

  private func clamp(_ offset: Double) -> Double { min(max(offset, 0), maximumOffset) }

  private func event(_ text: String) { timeline.event(at: time, text) }
}

/// Prints the demo's timeline: scroll view events, and what each observer did, indented below them.
final class Timeline {
  private(set) var lines: [String] = []
  let echo: Bool

  init(echo: Bool) { self.echo = echo }

  func event(at time: Int, _ text: String) { emit(pad(time) + "  scrollView  " + text) }

  func note(_ observer: String, _ text: String) { emit("              " + observer.padding(10) + "  " + text) }

  func heading(_ text: String) { emit("\n== " + text) }

  private func emit(_ line: String) {
    lines.append(line)
    if echo { print(line) }
  }

  private func pad(_ time: Int) -> String {
    let digits = String(time)
    return "t=" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "ms"
  }
}

extension String {
  func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

/// Formats a number with one decimal, deterministically.
func format(_ value: Double) -> String {
  let tenths = (value * 10).rounded()
  let sign = tenths < 0 ? "-" : ""
  let magnitude = Int(abs(tenths))
  return "\(sign)\(magnitude / 10).\(magnitude % 10)"
}
