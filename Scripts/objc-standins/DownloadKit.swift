// Stand-in for a module declaring an `@objc` protocol that is not isolated and does not refine
// `NSObjectProtocol` (see ObjectiveC.swift); keep it in sync with `ObjCInputs.download`.
@_exported import Foundation

open class Download: NSObject {
  open weak var delegate: (any DownloadDelegate)?
}

@objc public protocol DownloadDelegate {
  func downloadDidFinish(_ download: Download)
  func download(_ download: Download, shouldRetryAfter attempt: Int) -> Bool
  @objc optional func download(_ download: Download, didReceive bytes: Int)
  @objc optional func download(_ download: Download, priorityFor attempt: Int) -> Int
}
