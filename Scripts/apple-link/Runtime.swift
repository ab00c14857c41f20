// The runtime-only app Scripts/apple-link.sh links for Apple platforms (compiled and linked, never run): a
// multiplexer of a Swift protocol, an observer added, a call dispatched, the observer removed.

import Multiplex

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
