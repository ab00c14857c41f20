// The code of the recipe `Sources/Multiplex/Multiplex.docc/ListeningToAScrollViewYouDoNotOwn.md`, which shows it
// verbatim (`Scripts/check-references.py` checks). `Scripts/apple-check.sh` compiles it against the iOS SDK at the
// floor.

import MultiplexUIKit
import UIKit
import WebKit

/// Reports how far the reader has scrolled, from any scroll view's delegate calls.
final class ReadingProgress: NSObject, UIScrollViewDelegate {
  private(set) var fraction: CGFloat = 0

  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    let scrollable = scrollView.contentSize.height - scrollView.bounds.height
    fraction = scrollable > 0 ? min(max(scrollView.contentOffset.y / scrollable, 0), 1) : 0
  }
}

final class ArticleViewController: UIViewController {
  private let webView = WKWebView()
  private let progress = ReadingProgress()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(webView)
    listen(to: webView.scrollView)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    // Idempotent: if the web view assigned its scroll view's delegate again, that delegate becomes the primary.
    listen(to: webView.scrollView)
  }

  /// Works for any scroll view whose delegate belongs to someone else: a web view's, or the `UIScrollView`
  /// behind a SwiftUI `ScrollView` or `List` once you have found it.
  private func listen(to scrollView: UIScrollView) {
    // The delegate already in the slot (the web view's own) becomes the primary: called first, its answers win.
    let delegates = UIScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate)
    delegates.add(progress)
  }
}
