// Shape regression OverloadedDefaultName (generator): overloads by type sharing a name ('height(_:)') could not be generated: one --default went to the first overload, the second was refused for want of one, and giving it twice is an error
// Found by: python3 Scripts/shape-test.py --seed 3 --count 40 (an earlier harness: seeds change with the grammar, protocol 39)
// generate: OverloadedDefaultNameDelegate --default 'height(_:)=-1' --default 'height(of:)=false'
public protocol OverloadedDefaultNameDelegate: AnyObject {
  func height(_ row: Int) -> Int
  func height(_ key: String) -> Int
  func height(of row: Int) -> Bool
}
// ---- drive ----
import Multiplex
import ShapesLib

final class OverloadedDefaultNameDelegateObserver: OverloadedDefaultNameDelegate, @unchecked Sendable {
  let id: Int
  init(_ id: Int) { self.id = id }
  func height(_ row: Int) -> Int {
    shapeLog.append("O\(id).r1(" + ["\(`row`)"].joined(separator: "|") + ")")
    return id * 100 + 1
  }
  func height(_ key: String) -> Int {
    shapeLog.append("O\(id).r2(" + [`key`].joined(separator: "|") + ")")
    return id * 100 + 2
  }
  func height(of row: Int) -> Bool {
    shapeLog.append("O\(id).r3(" + ["\(`row`)"].joined(separator: "|") + ")")
    return (id + 3) % 2 == 0
  }
}

func drive_OverloadedDefaultName() async -> [String] {
  var failures: [String] = []
  shapeLog = []
  shapeFailing = []
  let m = OverloadedDefaultNameDelegateMultiplexer()
  let o1 = OverloadedDefaultNameDelegateObserver(1), o2 = OverloadedDefaultNameDelegateObserver(2), o3 = OverloadedDefaultNameDelegateObserver(3)
  m.add(o1)
  m.add(o2)
  m.add(o3)
  do {
    let res: Int = m.height(4)
    shapeLog.append("r1=" + "\(res)")
  }
  do {
    let res: Int = m.height("k")
    shapeLog.append("r2=" + "\(res)")
  }
  do {
    let res: Bool = m.height(of: 5)
    shapeLog.append("r3=" + "\(res)")
  }
  let expected: [String] = [
    "O1.r1(4)",
    "O2.r1(4)",
    "O3.r1(4)",
    "r1=101",
    "O1.r2(k)",
    "O2.r2(k)",
    "O3.r2(k)",
    "r2=102",
    "O1.r3(5)",
    "O2.r3(5)",
    "O3.r3(5)",
    "r3=true",
  ]
  if shapeLog != expected { failures.append(shapeDiff(shapeLog, expected)) }
  let e = OverloadedDefaultNameDelegateMultiplexer()
  do {
    let res: Int = e.height(4)
    if "\(res)" != "-1" { failures.append("no observer: r1 answered \("\(res)")") }
  }
  do {
    let res: Int = e.height("k")
    if "\(res)" != "-1" { failures.append("no observer: r2 answered \("\(res)")") }
  }
  do {
    let res: Bool = e.height(of: 5)
    if "\(res)" != "false" { failures.append("no observer: r3 answered \("\(res)")") }
  }
  withExtendedLifetime((o1, o2, o3)) {}
  return failures
}
