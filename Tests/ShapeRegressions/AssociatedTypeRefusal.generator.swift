// Shape regression AssociatedTypeRefusal (generator): an associated type must be refused with exactly one error on its line (issue 23 item 7: several errors for one root cause)
// Found by: written by hand for the pending shape
// Was pending on one-error-associated-self until its fix was merged: associated types and `Self` requirements get several errors for one root cause (issue 23, item 7)
// generate: AssociatedTypeRefusalDelegate 
// expect-error: Element18
public protocol AssociatedTypeRefusalDelegate: AnyObject {
  func did(_ value: Int)
  associatedtype Element18
  func take18(_ element: Element18) -> Element18
  func answer() -> Int?
}
