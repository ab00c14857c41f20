// Stand-in for `UIKit` (see ObjectiveC.swift): the types and the two delegate protocols of
// `Tests/MultiplexGeneratorTests/ObjCInputs.swift`, declared as the SDK declares them (`@objc`, `optional`,
// `@MainActor`). Keep the protocols in sync with those inputs.
@_exported import Foundation

@MainActor open class UIView: NSObject {}

@MainActor open class UIScrollView: UIView {
  open weak var delegate: (any UIScrollViewDelegate)?
}

@MainActor open class UITableViewCell: UIView {
  @objc public enum EditingStyle: Int, Sendable {
    case none
    case delete
    case insert
  }
}

@MainActor open class UITableView: UIScrollView {
  public static let automaticDimension: CGFloat = -1
}

@MainActor @objc public protocol UIScrollViewDelegate: NSObjectProtocol {
  @objc optional func scrollViewDidScroll(_ scrollView: UIScrollView)
  @objc optional func scrollViewDidZoom(_ scrollView: UIScrollView)
  @objc optional func scrollViewWillEndDragging(
    _ scrollView: UIScrollView,
    withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  )
  @objc optional func viewForZooming(in scrollView: UIScrollView) -> UIView?
  @objc optional func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
  @objc optional func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
}

@MainActor @objc public protocol UITableViewDelegate: UIScrollViewDelegate {
  @objc optional func tableView(
    _ tableView: UITableView,
    willDisplay cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  )
  @objc optional func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  @objc optional func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
  @objc optional func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
  @objc optional func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  @objc optional func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
  @objc optional func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  @objc optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  @objc optional func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
  @objc optional func tableView(
    _ tableView: UITableView,
    editingStyleForRowAt indexPath: IndexPath
  ) -> UITableViewCell.EditingStyle
  @objc optional func tableView(
    _ tableView: UITableView,
    titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  ) -> String?
  @objc optional func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
}
