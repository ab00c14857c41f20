// Shape regression WhereClauseAfterName (generator): a generic where clause after a signature ending in a name was emitted as '-> Intwhere T: Comparable' and 'throwswhere' (macro and generator)
// Found by: python3 Scripts/shape-test.py --seed 1 --only 10 (an earlier harness: seeds change with the grammar)
// generate: WhereClauseAfterNameDelegate --default 'change(_:)=-1' --default 'rank(of:)=false'
public protocol WhereClauseAfterNameDelegate: AnyObject {
  func change<T>(_ generic: T) -> Int where T: Comparable
  func check<T>(_ generic: T) throws where T: Equatable
  func rank<T: Equatable>(of generic: T) -> Bool
}
// ---- drive ----
import Multiplex
import ShapesLib

final class WhereClauseAfterNameDelegateObserver: WhereClauseAfterNameDelegate, @unchecked Sendable {
  let id: Int
  init(_ id: Int) { self.id = id }
  func change<T>(_ generic: T) -> Int where T: Comparable {
    shapeLog.append("O\(id).r1(" + ["\(`generic`)"].joined(separator: "|") + ")")
    return id * 100 + 1
  }
  func check<T>(_ generic: T) throws where T: Equatable {
    shapeLog.append("O\(id).r2(" + ["\(`generic`)"].joined(separator: "|") + ")")
    if shapeFailing.contains(id) { throw ShapeError(code: id) }
  }
  func rank<T: Equatable>(of generic: T) -> Bool {
    shapeLog.append("O\(id).r3(" + ["\(`generic`)"].joined(separator: "|") + ")")
    return (id + 3) % 2 == 0
  }
}

func drive_WhereClauseAfterName() async -> [String] {
  var failures: [String] = []
  shapeLog = []
  shapeFailing = []
  let m = WhereClauseAfterNameDelegateMultiplexer()
  let o1 = WhereClauseAfterNameDelegateObserver(1), o2 = WhereClauseAfterNameDelegateObserver(2), o3 = WhereClauseAfterNameDelegateObserver(3)
  m.add(o1)
  m.add(o2)
  m.add(o3)
  do {
    let res: Int = m.change(5)
    shapeLog.append("r1=" + "\(res)")
  }
  do {
    do {
      try m.check(6)
      shapeLog.append("r2=ok")
    } catch {
      shapeLog.append("r2!\(shapeCode(error))")
    }
  }
  do {
    shapeFailing = [2, 3]
    do {
      try m.check(6)
      shapeLog.append("r2=ok")
    } catch {
      shapeLog.append("r2!\(shapeCode(error))")
    }
    shapeFailing = []
  }
  do {
    let res: Bool = m.rank(of: 7)
    shapeLog.append("r3=" + "\(res)")
  }
  let expected: [String] = [
    "O1.r1(5)",
    "O2.r1(5)",
    "O3.r1(5)",
    "r1=101",
    "O1.r2(6)",
    "O2.r2(6)",
    "O3.r2(6)",
    "r2=ok",
    "O1.r2(6)",
    "O2.r2(6)",
    "O3.r2(6)",
    "r2!2",
    "O1.r3(7)",
    "O2.r3(7)",
    "O3.r3(7)",
    "r3=true",
  ]
  if shapeLog != expected { failures.append(shapeDiff(shapeLog, expected)) }
  let e = WhereClauseAfterNameDelegateMultiplexer()
  do {
    let res: Int = e.change(5)
    if "\(res)" != "-1" { failures.append("no observer: r1 answered \("\(res)")") }
  }
  do {
    let res: Bool = e.rank(of: 7)
    if "\(res)" != "false" { failures.append("no observer: r3 answered \("\(res)")") }
  }
  withExtendedLifetime((o1, o2, o3)) {}
  return failures
}
