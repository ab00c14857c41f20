import Dispatch
import Foundation
import MultiplexMacros

/// A loader that reports each thumbnail on its own network thread. The protocol is `Sendable`, so an observer can
/// ask to receive the calls on its own queue instead.
@Multiplexed
protocol ThumbnailLoaderDelegate: AnyObject, Sendable {
  func thumbnailLoader(didLoad index: Int, byteCount: Int)
}

/// Writes thumbnails on its own serial queue: it is registered with `deliveringOn: .queue(queue)`.
final class DiskCache: ThumbnailLoaderDelegate, Sendable {
  let queue = DispatchQueue(label: "disk-cache")
  private let onQueue = DispatchSpecificKey<Bool>()
  /// Guards `stored` (an `NSLock`: the standard library's `Mutex` needs macOS 15 and iOS 18).
  private let lock = NSLock()
  nonisolated(unsafe) private var stored: [Int] = []

  init() { queue.setSpecific(key: onQueue, value: true) }

  var storedCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return stored.count
  }

  func thumbnailLoader(didLoad index: Int, byteCount: Int) {
    let place = DispatchQueue.getSpecific(key: onQueue) == true ? "on its own queue" : "on the WRONG thread"
    lock.lock()
    stored.append(index)
    lock.unlock()
    print("              disk cache  stored thumbnail \(index) (\(byteCount) bytes), \(place)")
  }
}

/// Updates a label; registered without a context, so it is called right away, on the loader's thread.
final class ProgressLabel: ThumbnailLoaderDelegate, Sendable {
  func thumbnailLoader(didLoad index: Int, byteCount: Int) {
    print("              label       thumbnail \(index) loaded")
  }
}

/// Scene 9: one observer called directly, one on its own queue; removal drops what is still queued.
///
/// The cache's queue is suspended while calls are posted, so that the output order does not depend on threads.
func deliverThumbnails() async {
  let loader = ThumbnailLoaderDelegateMultiplexer()
  let label = ProgressLabel()
  let cache = DiskCache()
  loader.add(label)
  loader.add(cache, deliveringOn: .queue(cache.queue))

  cache.queue.suspend()
  for index in 1...3 { loader.thumbnailLoader(didLoad: index, byteCount: index * 1_000) }
  print("(3 calls are queued for the disk cache; the label had them right away)")
  loader.remove(label)
  cache.queue.resume()
  // Returns once the cache has run every call queued for it, this one included.
  await loader.multiplexer.postAndWait { $0.thumbnailLoader(didLoad: 4, byteCount: 4_000) }

  cache.queue.suspend()
  for index in 5...6 { loader.thumbnailLoader(didLoad: index, byteCount: index * 1_000) }
  loader.remove(cache)
  cache.queue.resume()
  cache.queue.sync {}
  print("removed with 2 calls queued: the cache stored \(cache.storedCount) thumbnails; 5 and 6 were dropped")
}
