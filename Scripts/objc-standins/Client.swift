import DownloadKit
// Uses the generated multiplexers as an app would (type-checked only, with the golden files).
import Multiplex
import UIKit

@MainActor func useGeneratedMultiplexers(scrollView: UIScrollView, observer: any UIScrollViewDelegate) {
  let multiplexer = UIScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate)
  let token = multiplexer.add(observer, retention: .strong, priority: 1)
  token.cancel()
  multiplexer.refreshRespondsToSelector()
  _ = multiplexer.responds(to: #selector((any UIScrollViewDelegate).scrollViewDidScroll(_:)))
  multiplexer.multiplexer.primary = nil
  let table = UITableViewDelegateMultiplexer()
  _ = table.tableView(UITableView(), heightForRowAt: IndexPath())
  _ = DownloadDelegateMultiplexer(source: { [] }).count
}
