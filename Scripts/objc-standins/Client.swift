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
  // A selector the file does not list: the primary's, forwarded to it.
  _ = multiplexer.responds(to: NSSelectorFromString("_scrollViewDidEndScrollingAnimation:"))
  _ = multiplexer.forwardingTarget(for: NSSelectorFromString("_scrollViewDidEndScrollingAnimation:"))
  multiplexer.multiplexer.primary = nil
  let table = UITableViewDelegateMultiplexer()
  _ = table.tableView(UITableView(), heightForRowAt: IndexPath())
  _ = DownloadDelegateMultiplexer(source: { [] }).count
  // Joined handlers: the sender's handler runs once, with the answers combined.
  let session = DownloadSessionDelegateMultiplexer.install(on: DownloadSession(), delegate: \.delegate)
  session.add(SessionObserver())
  session.session(DownloadSession(), shouldResume: 1, completionHandler: { _ in })
  session.session(DownloadSession(), didReceivePush: 1, fetchCompletionHandler: { _ in })
  session.session(DownloadSession(), didFinishPart: 1, completionHandler: {})
}

/// An observer of the joined requirements: it answers each handler.
final class SessionObserver: NSObject, DownloadSessionDelegate {
  func session(_ session: DownloadSession, didFinishPart part: Int, completionHandler: @escaping @Sendable () -> Void) {
    completionHandler()
  }

  func session(
    _ session: DownloadSession,
    didReceivePush part: Int,
    fetchCompletionHandler: @escaping (DownloadFetchResult) -> Void
  ) {
    fetchCompletionHandler(.newData)
  }
}

/// The typed event streams of the `@objc` multiplexers, as an app reads them on the main actor.
@MainActor func readEvents(scrollView: UIScrollView) async {
  let delegates = UITableViewDelegateMultiplexer()
  for await event in delegates.events() {
    if case .didSelectRowAt(_, let indexPath) = event {
      _ = indexPath
      break
    }
  }
  let scrolling = UIScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate)
  let kinds: Set<UIScrollViewDelegateMultiplexer.Event.Kind> = [.didScroll, .didZoom]
  for await event in scrolling.events(of: kinds, bufferingPolicy: .bufferingNewest(1)) {
    if event.kind == .didZoom { break }
  }
}

/// The stream of a nonisolated `Sendable` protocol is `Sendable`: read in another task, the compiler checks what
/// crosses (a non-`Sendable` `Event` would not compile here).
func readTransferEvents(_ transfers: TransferDelegateMultiplexer) async -> Int64 {
  let events = transfers.events(of: [.didWriteBytes, .didFinishAt])
  return await Task.detached {
    var written: Int64 = 0
    for await event in events {
      if case .didWriteBytes(_, let bytes, _) = event { written += bytes }
      if event.kind == .didFinishAt { break }
    }
    return written
  }.value
}
