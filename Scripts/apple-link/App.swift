// The app Scripts/apple-link.sh links for Apple platforms with every ready-made product (compiled, never run): it
// names ready-made classes, adds an observer and dispatches, as Runtime.swift does with the runtime alone.

import Foundation
import MultiplexAppleDelegates

protocol Ping: AnyObject { func ping(_ count: Int) }

final class Counter: Ping {
  var total = 0
  func ping(_ count: Int) { total += count }
}

let counter = Counter()
let pings = Multiplexer<any Ping>()
pings.add(counter, retention: .strong)
pings.notify { $0.ping(1) }
pings.remove(counter)

#if os(macOS) && !targetEnvironment(macCatalyst)
import AppKit

final class TableListener: NSObject, NSTableViewDelegate {
  func tableViewSelectionDidChange(_ notification: Notification) {}
}

@MainActor func share(_ table: NSTableView, _ session: URLSession) {
  let tables = NSTableViewDelegateMultiplexer.install(on: table, delegate: \.delegate)
  tables.add(TableListener(), retention: .strong)
  tables.tableViewSelectionDidChange(Notification(name: NSTableView.selectionDidChangeNotification))
  let sessions = URLSessionDelegateMultiplexer()
  sessions.add(SessionListener(), retention: .strong)
  sessions.urlSession(session, didBecomeInvalidWithError: nil)
}
#elseif os(iOS) && !targetEnvironment(macCatalyst)
import UIKit

final class ScrollListener: NSObject, UIScrollViewDelegate {
  func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

@MainActor func share(_ scrollView: UIScrollView, _ session: URLSession) {
  let scrolls = UIScrollViewDelegateMultiplexer.install(on: scrollView, delegate: \.delegate)
  scrolls.add(ScrollListener(), retention: .strong)
  scrolls.scrollViewDidScroll(scrollView)
  let sessions = URLSessionDelegateMultiplexer()
  sessions.add(SessionListener(), retention: .strong)
  sessions.urlSession(session, didBecomeInvalidWithError: nil)
}
#endif

final class SessionListener: NSObject, URLSessionDelegate {
  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {}
}
