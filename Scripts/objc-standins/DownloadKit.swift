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

// Keep in sync with `ObjCInputs.session`.
open class DownloadSession: NSObject {
  open weak var delegate: (any DownloadSessionDelegate)?
}

@objc public enum DownloadFetchResult: Int {
  case newData, noData, failed
}

@objc public protocol DownloadSessionDelegate: NSObjectProtocol {
  func session(_ session: DownloadSession, didFinishPart part: Int, completionHandler: @escaping @Sendable () -> Void)
  @objc optional func session(
    _ session: DownloadSession,
    shouldResume attempt: Int,
    completionHandler: @escaping @Sendable (Bool) -> Void
  )
  @objc optional func session(
    _ session: DownloadSession,
    didReceivePush part: Int,
    fetchCompletionHandler: @escaping (DownloadFetchResult) -> Void
  )
  @objc optional func session(
    _ session: DownloadSession,
    decideFor part: Int,
    decisionHandler: @escaping (Bool) -> Void
  )
}

// Keep in sync with `ObjCInputs.transfer`: a nonisolated `Sendable` protocol, as Foundation's URL session delegates
// are. `Transfer` is `Sendable` as `URLSession` is (the framework declares it `@unchecked Sendable`); `Download` is
// not.
open class Transfer: NSObject, @unchecked Sendable {
  @objc public enum Code: Int, Sendable {
    case complete, partial
  }
}

@objc public protocol TransferDelegate: NSObjectProtocol, Sendable {
  @objc optional func transfer(_ transfer: Transfer, didWriteBytes bytes: Int64, totalBytes: Int64)
  @objc optional func transfer(_ transfer: Transfer, didUpdate download: Download)
  @objc optional func transfer(_ transfer: Transfer, didReceive code: Transfer.Code, message: String?)
  func transfer(_ transfer: Transfer, didFinishAt path: String)
  func transfer(
    _ transfer: Transfer,
    decideDestinationFor name: String,
    completionHandler: @escaping @Sendable (String?) -> Void
  )
}
