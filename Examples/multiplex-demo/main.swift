import Multiplex

protocol D: AnyObject {
  func scrolled(_ x: Int)
  func zoom() -> String?
  func drag(target: inout Int)
  func load() async -> String?
}
extension D {
  func scrolled(_ x: Int) {}
  func zoom() -> String? { notImplemented(returning: nil) }
  func drag(target: inout Int) {}
  func load() async -> String? { await notImplemented(returning: nil) }
}
final class M: D {
  let o = Multiplexer<any D>()
  func scrolled(_ x: Int) { o.notify { $0.scrolled(x) } }
  func zoom() -> String? { o.combine(default: nil) { $0.zoom() } }
  func drag(target: inout Int) { o.notify { $0.drag(target: &target) } }
  func load() async -> String? { await o.combine(default: nil) { await $0.load() } }
}
final class A: D {
  let n: String
  init(_ n: String) { self.n = n }
  func scrolled(_ x: Int) { print(n, "scrolled", x) }
  func drag(target: inout Int) { target += 10 }
}
final class Z: D {
  func zoom() -> String? { "Z" }
  func load() async -> String? { "loaded" }
}
let m = M()
let a = A("a")
var b: A? = A("b")
let z = Z()
m.o.add(a)
m.o.add(b!)
m.o.add(z)
m.scrolled(1)
b = nil
m.scrolled(2)
print(m.zoom() as Any, m.o.count)
var t = 0
m.drag(target: &t)
print(t)
func run() async {
  let m = M()
  let z = Z()
  m.o.add(z)
  print(await m.load() as Any)
  m.o.notify { $0.scrolled(3) }
}
await run()
