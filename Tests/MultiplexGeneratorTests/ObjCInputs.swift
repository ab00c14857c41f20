import MultiplexModel
import MultiplexSymbolGraphReader

/// `@objc` protocols as `multiplex-generate` gets them from a symbol graph: UIKit's delegates, shaped like the real
/// ones (a subset of their requirements). `Scripts/typecheck-objc-golden.sh` type-checks the golden output against
/// stand-ins declaring the same protocols (`Scripts/objc-standins/UIKit.swift`): keep the two in sync.
enum ObjCInputs {
  /// `UIScrollViewDelegate`: `@MainActor`, every requirement optional; the fragments spell `optional` and, for
  /// some members, `@objc`. `Void`, `Bool` (a default given), `UIView?` (`nil` is an answer), an
  /// `UnsafeMutablePointer` argument.
  static let scrollView = ExternalProtocol(
    source: """
      @MainActor public protocol UIScrollViewDelegate : NSObjectProtocol {
        optional func scrollViewDidScroll(_ scrollView: UIScrollView)
        @objc optional func scrollViewDidZoom(_ scrollView: UIScrollView)
        optional func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
        optional func viewForZooming(in scrollView: UIScrollView) -> UIView?
        optional func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
        optional func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
      }
      """,
    moduleName: "UIKit",
    isObjC: true,
    members: Array(repeating: ExternalMember(), count: 6)
  )

  static let scrollViewDefaults = ["scrollViewShouldScrollToTop(_:)": "true"]

  /// `UITableViewDelegate`, `@objc` spelled on the protocol, a requirement of `UIScrollViewDelegate` flattened in.
  /// `CGFloat` (`UITableView.automaticDimension`), `Bool`, an enum, `IndexPath?` whose default is the parameter
  /// (UIKit selects the row when no delegate answers), `UIView?` and `String?` defaulting to `nil`.
  static let tableView = ExternalProtocol(
    source: """
      @MainActor @objc public protocol UITableViewDelegate : UIScrollViewDelegate, NSObjectProtocol {
        optional func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
        optional func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
        optional func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
        optional func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
        optional func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
        optional func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
        optional func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
        optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
        optional func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
        optional func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
        optional func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
        optional func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
        optional func scrollViewDidScroll(_ scrollView: UIScrollView)
      }
      """,
    moduleName: "UIKit",
    isObjC: true,
    members: Array(repeating: ExternalMember(), count: 13)
  )

  static let tableViewDefaults = [
    "tableView(_:heightForRowAt:)": "UITableView.automaticDimension",
    "tableView(_:heightForHeaderInSection:)": "UITableView.automaticDimension",
    "tableView(_:shouldHighlightRowAt:)": "true",
    "tableView(_:willSelectRowAt:)": "indexPath",
    "tableView(_:editingStyleForRowAt:)": ".delete",
    "tableView(_:shouldIndentWhileEditingRowAt:)": "true",
  ]

  /// An `@objc` protocol without a global actor that does not refine `NSObjectProtocol`, with required
  /// requirements (forwarded to every observer) next to optional ones, optional ones marked by the member
  /// descriptions only.
  static let download = ExternalProtocol(
    source: """
      @objc public protocol DownloadDelegate {
        func downloadDidFinish(_ download: Download)
        func download(_ download: Download, shouldRetryAfter attempt: Int) -> Bool
        func download(_ download: Download, didReceive bytes: Int)
        func download(_ download: Download, priorityFor attempt: Int) -> Int
      }
      """,
    moduleName: "DownloadKit",
    isObjC: true,
    members: [
      ExternalMember(),
      ExternalMember(defaultValue: "false"),
      ExternalMember(isOptional: true),
      ExternalMember(isOptional: true, defaultValue: "0"),
    ]
  )

  /// A nonisolated `Sendable` `@objc` protocol, shaped like Foundation's `URLSessionTaskDelegate`, with the
  /// `Sendable` types the symbol graph reader would find (`Transfer`, `Transfer.Code`, the standard library's;
  /// not `Download`): `Void` requirements whose arguments are all `Sendable`, one with a `Download` argument, a
  /// required `Void` one and a required decision. The stand-in is `TransferDelegate` in
  /// `Scripts/objc-standins/DownloadKit.swift`: keep the two in sync.
  static let transfer: ExternalProtocol = {
    var input = ExternalProtocol(
      source: """
        @objc public protocol TransferDelegate : NSObjectProtocol, Sendable {
          optional func transfer(_ transfer: Transfer, didWriteBytes bytes: Int64, totalBytes: Int64)
          optional func transfer(_ transfer: Transfer, didUpdate download: Download)
          optional func transfer(_ transfer: Transfer, didReceive code: Transfer.Code, message: String?)
          func transfer(_ transfer: Transfer, didFinishAt path: String)
          func transfer(_ transfer: Transfer, decideDestinationFor name: String, completionHandler: @escaping @Sendable (String?) -> Void)
        }
        """,
      moduleName: "DownloadKit",
      isObjC: true,
      members: [
        ExternalMember(objcSelector: "transfer:didWriteBytes:totalBytes:"),
        ExternalMember(objcSelector: "transfer:didUpdate:"),
        ExternalMember(objcSelector: "transfer:didReceive:message:"),
        ExternalMember(objcSelector: "transfer:didFinishAt:"),
        ExternalMember(objcSelector: "transfer:decideDestinationFor:completionHandler:"),
      ]
    )
    input.sendableTypes = ["Transfer", "Transfer.Code", "Int64", "String"]
    return input
  }()

  /// Handler requirements of an `@objc` protocol, joined by `sessionCombining` (`--combine`): a required one whose
  /// handler takes no answer, optional ones whose handler takes a `Bool` and an `@objc` enum, and one with no
  /// choice (decided once, unchanged). The stand-in is `DownloadSessionDelegate` in
  /// `Scripts/objc-standins/DownloadKit.swift`: keep the two in sync.
  static let session = ExternalProtocol(
    source: """
      @objc public protocol DownloadSessionDelegate : NSObjectProtocol {
        func session(_ session: DownloadSession, didFinishPart part: Int, completionHandler: @escaping @Sendable () -> Void)
        optional func session(_ session: DownloadSession, shouldResume attempt: Int, completionHandler: @escaping @Sendable (Bool) -> Void)
        optional func session(_ session: DownloadSession, didReceivePush part: Int, fetchCompletionHandler: @escaping (DownloadFetchResult) -> Void)
        optional func session(_ session: DownloadSession, decideFor part: Int, decisionHandler: @escaping (Bool) -> Void)
      }
      """,
    moduleName: "DownloadKit",
    isObjC: true,
    members: Array(repeating: ExternalMember(), count: 4)
  )

  /// The combining choices of ``session``: `join`, `anyTrue`, and an order of the fetch results.
  static let sessionCombining: [String: CombiningPolicy] = [
    "session(_:didFinishPart:completionHandler:)": .join,
    "session(_:shouldResume:completionHandler:)": .anyTrue,
    "session(_:didReceivePush:fetchCompletionHandler:)": .order(["newData", "failed", "noData"]),
  ]

  /// `UNUserNotificationCenterDelegate` as the iOS 26.2 SDK's symbol graph gives it (the `async` forms Swift imports
  /// for the two completion handlers share their USRs, so the reader keeps the handler forms), joined by
  /// `notificationCenterCombining`: every push SDK gets each notification. `Scripts/apple-check.sh` compiles its
  /// golden file against the real SDK, with observers implementing either form.
  static let notificationCenter = ExternalProtocol(
    source: """
      @available(iOS 10.0, *)
      public protocol UNUserNotificationCenterDelegate : NSObjectProtocol {
        @available(iOS 10.0, *)
        optional func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
        @available(iOS 10.0, *)
        optional func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
        @available(iOS 12.0, *)
        optional func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
      }
      """,
    moduleName: "UserNotifications",
    isObjC: true,
    members: [
      ExternalMember(objcSelector: "userNotificationCenter:willPresentNotification:withCompletionHandler:"),
      ExternalMember(objcSelector: "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"),
      ExternalMember(objcSelector: "userNotificationCenter:openSettingsForNotification:"),
    ]
  )

  /// The combining choices of ``notificationCenter``: the presentation options unioned, the responses joined.
  static let notificationCenterCombining: [String: CombiningPolicy] = [
    "userNotificationCenter(_:willPresent:withCompletionHandler:)": .union,
    "userNotificationCenter(_:didReceive:withCompletionHandler:)": .join,
  ]

  /// `WKNavigationDelegate` as the iOS 26.2 SDK's symbol graph gives it (a subset), with the selectors its USRs
  /// carry: two requirements sharing the Swift name `webView(_:decidePolicyFor:decisionHandler:)`, decisions
  /// (`decisionHandler:`, `completionHandler:`), a requirement newer than iOS 13 (`@available(iOS 26.0, *)`), and
  /// an `Optional` argument. `Scripts/apple-check.sh` compiles its golden file against the real WebKit.
  static let navigation = ExternalProtocol(
    source: """
      @available(iOS 8.0, *)
      @MainActor @objc public protocol WKNavigationDelegate : NSObjectProtocol {
        @available(iOS 8.0, *)
        optional func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
        @available(iOS 8.0, *)
        optional func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)
        @available(iOS 8.0, *)
        optional func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
        @available(iOS 8.0, *)
        optional func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
        @available(iOS 26.0, *)
        optional func webView(_ webView: WKWebView, shouldGoTo backForwardListItem: WKBackForwardListItem, willUseInstantBack: Bool, completionHandler: @escaping (Bool) -> Void)
      }
      """,
    moduleName: "WebKit",
    isObjC: true,
    members: [
      ExternalMember(objcSelector: "webView:decidePolicyForNavigationAction:decisionHandler:"),
      ExternalMember(objcSelector: "webView:decidePolicyForNavigationResponse:decisionHandler:"),
      ExternalMember(objcSelector: "webView:didFinishNavigation:"),
      ExternalMember(objcSelector: "webView:didReceiveAuthenticationChallenge:completionHandler:"),
      ExternalMember(objcSelector: "webView:shouldGoToBackForwardListItem:willUseInstantBack:completionHandler:"),
    ]
  )
}
