// Shape regression SelfResultRefusal (generator): a requirement returning Self must be refused with exactly one error on its line (issue 23 item 7: several errors for one root cause)
// Found by: written by hand for the pending shape
// Was pending on one-error-associated-self until its fix was merged: associated types and `Self` requirements get several errors for one root cause (issue 23, item 7)
// generate: SelfResultRefusalDelegate 
// expect-error: copy24()
public protocol SelfResultRefusalDelegate: AnyObject {
  func did(_ value: Int)
  func copy24() -> Self?
  func answer() -> Int?
}
