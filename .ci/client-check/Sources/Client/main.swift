import Multiplex

// A hand-written forwarder, as a user without the macro writes one.
protocol ProgressDelegate: AnyObject {
  func progressDidChange(_ fraction: Double)
}

final class ProgressMultiplexer: ProgressDelegate {
  let observers = Multiplexer<any ProgressDelegate>()

  func progressDidChange(_ fraction: Double) {
    observers.notify { $0.progressDidChange(fraction) }
  }
}

final class Recorder: ProgressDelegate {
  var received: [Double] = []
  func progressDidChange(_ fraction: Double) { received.append(fraction) }
}

let multiplexer = ProgressMultiplexer()
let first = Recorder()
let second = Recorder()
multiplexer.observers.add(first)
multiplexer.observers.add(second)
multiplexer.progressDidChange(0.5)
guard first.received == [0.5], second.received == [0.5] else {
  fatalError("the client's observers did not receive the call")
}
print("client: 2 observers received the call")
