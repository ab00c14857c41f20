import Multiplex

/// Sits in the scroll view's one delegate slot and forwards every call to its observers.
///
/// Written by hand: one line per requirement on top of `Multiplexer`.
final class ScrollViewDelegateMultiplexer: ScrollViewDelegate, DelegateMultiplexing {
  let observers = Multiplexer<any ScrollViewDelegate>()
  var multiplexer: Multiplexer<any ScrollViewDelegate> { observers }
  var asDelegate: any ScrollViewDelegate { self }

  @discardableResult
  func add(_ observer: any ScrollViewDelegate, retention: Retention = .weak) -> ObservationToken {
    observers.add(observer, retention: retention)
  }

  func remove(_ observer: any ScrollViewDelegate) { observers.remove(observer) }

  var count: Int { observers.count }

  func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
    observers.notify { $0.scrollViewWillBeginDragging(scrollView) }
  }
  func scrollViewDidScroll(_ scrollView: ScrollView) {
    observers.notify { $0.scrollViewDidScroll(scrollView) }
  }
  func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double, targetContentOffset: inout Double) {
    observers.notify {
      $0.scrollViewWillEndDragging(scrollView, velocity: velocity, targetContentOffset: &targetContentOffset)
    }
  }
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    observers.notify { $0.scrollViewDidEndDecelerating(scrollView) }
  }
  func viewForZooming(in scrollView: ScrollView) -> View? {
    observers.combine(default: nil) { $0.viewForZooming(in: scrollView) }
  }
  func scrollViewDidZoom(_ scrollView: ScrollView) {
    observers.notify { $0.scrollViewDidZoom(scrollView) }
  }
  func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
    observers.combine(default: true) { $0.scrollViewShouldScrollToTop(scrollView) }
  }
}
