// Shape regression UnderscoredLabelInParent (generator): a parent's requirement with a parameter named '_combiner' is missing from the symbol graph (swiftc -emit-symbol-graph hides names starting with '_' at the public level), so the generated class does not conform to the parent
// Found by: python3 Scripts/shape-test.py --seed 1 --count 6 (an earlier harness: seeds change with the grammar, protocol 4)
// pending: underscored-names (a requirement with a parameter label or name starting with `_` (`f(_combiner:)`) is left out of a symbol graph made at the public access level (swiftc -emit-symbol-graph, symbolgraph-extract's default), so the generated class does not conform: `type ... does not conform to protocol` (found by this test: regression UnderscoredLabelInParent))
// generate: UnderscoredLabelInParentDelegate 
public protocol UnderscoredLabelInParentBase: AnyObject {
  func reportIt(case _combiner: Int) -> Int?
  func plain(x: Int)
}

public protocol UnderscoredLabelInParentDelegate: UnderscoredLabelInParentBase {
  func other()
}
// ---- drive ----
import Multiplex
import ShapesLib

final class UnderscoredLabelInParentDelegateObserver: UnderscoredLabelInParentDelegate, @unchecked Sendable {
  let id: Int
  init(_ id: Int) { self.id = id }
  func reportIt(case _combiner: Int) -> Int? {
    shapeLog.append("O\(id).r1(" + ["\(`_combiner`)"].joined(separator: "|") + ")")
    return (id + 1) % 2 == 1 ? nil : id * 100 + 1
  }
  func plain(x: Int) {
    shapeLog.append("O\(id).r2(" + ["\(`x`)"].joined(separator: "|") + ")")
  }
  func other() {
    shapeLog.append("O\(id).r3(" + "" + ")")
  }
}

func drive_UnderscoredLabelInParent() async -> [String] {
  var failures: [String] = []
  shapeLog = []
  shapeFailing = []
  let m = UnderscoredLabelInParentDelegateMultiplexer()
  let o1 = UnderscoredLabelInParentDelegateObserver(1), o2 = UnderscoredLabelInParentDelegateObserver(2), o3 = UnderscoredLabelInParentDelegateObserver(3)
  m.add(o1)
  m.add(o2)
  m.add(o3)
  do {
    let res: Int? = m.reportIt(case: 5)
    shapeLog.append("r1=" + ((res).map { "\($0)" } ?? "nil"))
  }
  do {
    m.plain(x: 3)
  }
  do {
    m.other()
  }
  let expected: [String] = [
    "O1.r1(5)",
    "O2.r1(5)",
    "O3.r1(5)",
    "r1=101",
    "O1.r2(3)",
    "O2.r2(3)",
    "O3.r2(3)",
    "O1.r3()",
    "O2.r3()",
    "O3.r3()",
  ]
  if shapeLog != expected { failures.append(shapeDiff(shapeLog, expected)) }
  let e = UnderscoredLabelInParentDelegateMultiplexer()
  do {
    let res: Int? = e.reportIt(case: 5)
    if ((res).map { "\($0)" } ?? "nil") != "nil" { failures.append("no observer: r1 answered \(((res).map { "\($0)" } ?? "nil"))") }
  }
  withExtendedLifetime((o1, o2, o3)) {}
  return failures
}
