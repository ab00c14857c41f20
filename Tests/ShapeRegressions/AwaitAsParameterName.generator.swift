// Shape regression AwaitAsParameterName (generator): the contextual keyword 'await' as a parameter name is forwarded unescaped ('$0.should(to: await)'): expected expression after 'await' (macro and generator)
// Found by: python3 Scripts/shape-test.py --seed 1 --count 12 (an earlier harness: seeds change with the grammar, protocol 10)
// Was pending on keyword-names until its fix was merged: a keyword as a parameter's name (`func f(for: Int)`, `f(first throws: String)`) is forwarded as `$0.f(for: for)` (issue 23, item 2)
// generate: AwaitAsParameterNameDelegate 
public protocol AwaitAsParameterNameDelegate: AnyObject {
  func should(to await: (Int) throws(ShapeError) -> Int)
  func value(_ await: Int) -> Int?
}
// ---- drive ----
import Multiplex
import ShapesLib

final class AwaitAsParameterNameDelegateObserver: AwaitAsParameterNameDelegate, @unchecked Sendable {
  let id: Int
  init(_ id: Int) { self.id = id }
  func should(to await: (Int) throws(ShapeError) -> Int) {
    shapeLog.append("O\(id).r1(" + ["\((try? `await`(id)) ?? -1)"].joined(separator: "|") + ")")
  }
  func value(_ await: Int) -> Int? {
    shapeLog.append("O\(id).r2(" + ["\(`await`)"].joined(separator: "|") + ")")
    return (id + 2) % 2 == 1 ? nil : id * 100 + 2
  }
}

func drive_AwaitAsParameterName() async -> [String] {
  var failures: [String] = []
  shapeLog = []
  shapeFailing = []
  let m = AwaitAsParameterNameDelegateMultiplexer()
  let o1 = AwaitAsParameterNameDelegateObserver(1), o2 = AwaitAsParameterNameDelegateObserver(2), o3 = AwaitAsParameterNameDelegateObserver(3)
  m.add(o1)
  m.add(o2)
  m.add(o3)
  do {
    m.should(to: { (v: Int) -> Int in v &* 10 })
  }
  do {
    let res: Int? = m.value(4)
    shapeLog.append("r2=" + ((res).map { "\($0)" } ?? "nil"))
  }
  let expected: [String] = [
    "O1.r1(10)",
    "O2.r1(20)",
    "O3.r1(30)",
    "O1.r2(4)",
    "O2.r2(4)",
    "O3.r2(4)",
    "r2=202",
  ]
  if shapeLog != expected { failures.append(shapeDiff(shapeLog, expected)) }
  let e = AwaitAsParameterNameDelegateMultiplexer()
  do {
    let res: Int? = e.value(4)
    if ((res).map { "\($0)" } ?? "nil") != "nil" { failures.append("no observer: r2 answered \(((res).map { "\($0)" } ?? "nil"))") }
  }
  withExtendedLifetime((o1, o2, o3)) {}
  return failures
}
