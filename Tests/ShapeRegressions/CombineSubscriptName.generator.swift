// Shape regression CombineSubscriptName (generator): --combine cannot name a subscript ('subscript(_:)'): 'no requirement of the protocol', where --default names it so
// Found by: python3 Scripts/shape-test.py --seed 1 --only 12 (reduced by hand to the subscript, combined with `last` so that the combiner shows)
// generate: CombineSubscriptNameDelegate --combine 'subscript(_:)=last' --default 'subscript(_:)=-1'
public protocol CombineSubscriptNameDelegate: AnyObject {
  subscript(amount: String) -> Int { get }
}
// ---- drive ----
import Multiplex
import ShapesLib

final class CombineSubscriptNameDelegateObserver: CombineSubscriptNameDelegate, @unchecked Sendable {
  let id: Int
  init(_ id: Int) { self.id = id }
  subscript(amount: String) -> Int {
    get {
      shapeLog.append("O\(id).r1(" + [`amount`].joined(separator: "|") + ")")
      return id * 100 + 1
    }
  }
}

func drive_CombineSubscriptName() async -> [String] {
  var failures: [String] = []
  shapeLog = []
  shapeFailing = []
  let m = CombineSubscriptNameDelegateMultiplexer()
  let o1 = CombineSubscriptNameDelegateObserver(1), o2 = CombineSubscriptNameDelegateObserver(2), o3 = CombineSubscriptNameDelegateObserver(3)
  m.add(o1)
  m.add(o2)
  m.add(o3)
  do {
    let res: Int = m["s5"]
    shapeLog.append("r1=" + "\(res)")
  }
  let expected: [String] = [
    "O1.r1(s5)",
    "O2.r1(s5)",
    "O3.r1(s5)",
    "r1=301",
  ]
  if shapeLog != expected { failures.append(shapeDiff(shapeLog, expected)) }
  let e = CombineSubscriptNameDelegateMultiplexer()
  do {
    let res: Int = e["s5"]
    if "\(res)" != "-1" { failures.append("no observer: r1 answered \("\(res)")") }
  }
  withExtendedLifetime((o1, o2, o3)) {}
  return failures
}
