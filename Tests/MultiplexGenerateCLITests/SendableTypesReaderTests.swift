// The symbol-graph reader's answer to "which types the requirements name are `Sendable`", for the `Sendable` event
// stream of a nonisolated `Sendable` `@objc` protocol (Foundation's URL session delegates).

import Foundation
import Testing

@testable import MultiplexSymbolGraphReader

@Suite struct SendableTypesReaderTests {
  /// Module `Net`: an `@objc` `Sendable` protocol whose requirements name a class with a `conformsTo` edge to
  /// `Sendable`, its subclass (`inheritsFrom`), an enum nested in it, standard library types, a protocol that
  /// refines `Error`, a class with no such edge, and a type without a USR.
  private static func writeNet() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    var net = GraphFixture(module: "Net")
    let delegate = (usr: "c:objc(pl)NetDelegate", name: "NetDelegate")
    net.symbol(
      delegate.usr,
      path: [delegate.name],
      declaration: "@objc protocol NetDelegate : {NSObjectProtocol|c:objc(pl)NSObject}, {Sendable|s:s8SendableP}"
    )
    net.symbol("c:objc(cs)NetSession", kind: "swift.class", path: ["Session"], declaration: "class Session")
    net.symbol("c:objc(cs)NetDataTask", kind: "swift.class", path: ["DataTask"], declaration: "class DataTask")
    net.symbol("c:@E@NetCode", kind: "swift.enum", path: ["Session", "Code"], declaration: "enum Code")
    net.symbol("c:objc(cs)NetView", kind: "swift.class", path: ["View"], declaration: "class View")
    net.symbol("s:3Net7FailureP", path: ["Failure"], declaration: "protocol Failure : {Error|s:s5ErrorP}")
    net.relate("conformsTo", "c:objc(cs)NetSession", "s:s8SendableP", fallback: "Swift.Sendable")
    net.relate("inheritsFrom", "c:objc(cs)NetDataTask", "c:objc(cs)NetSession")
    net.relate("conformsTo", "c:@E@NetCode", "s:s8SendableP", fallback: "Swift.Sendable")
    net.relate("conformsTo", "s:3Net7FailureP", "s:s5ErrorP", fallback: "Swift.Error")
    // Foundation's graph gives `InputStream` an edge to `Sendable`; its conformance is unavailable (`Stream`'s).
    net.symbol("c:objc(cs)NSInputStream", kind: "swift.class", path: ["InputStream"], declaration: "class InputStream")
    net.relate("conformsTo", "c:objc(cs)NSInputStream", "s:s8SendableP", fallback: "Swift.Sendable")
    net.symbol("c:objc(cs)NetStream", kind: "swift.class", path: ["NetStream"], declaration: "class NetStream")
    net.relate("conformsTo", "c:objc(cs)NetStream", "s:s8SendableP", fallback: "Swift.Sendable")
    net.relate("inheritsFrom", "c:objc(cs)NetStream", "c:objc(cs)NSInputStream")
    let session = "{Session|c:objc(cs)NetSession}"
    net.requirement(
      "c:objc(pl)NetDelegate(im)session:task:didReceive:bytes:",
      of: delegate,
      title: "session(_:task:didReceive:bytes:)",
      declaration: "func session(_ session: \(session), task: {DataTask|c:objc(cs)NetDataTask}, didReceive code: "
        + "\(session).{Code|c:@E@NetCode}, bytes: {Int64|s:s5Int64V})",
      optional: true
    )
    net.requirement(
      "c:objc(pl)NetDelegate(im)session:didFail:failure:",
      of: delegate,
      title: "session(_:didFail:failure:)",
      declaration: "func session(_ session: \(session), didFail error: (any {Error|s:s5ErrorP})?, failure: any "
        + "{Failure|s:3Net7FailureP})",
      optional: true
    )
    net.requirement(
      "c:objc(pl)NetDelegate(im)session:show:name:",
      of: delegate,
      title: "session(_:show:name:)",
      declaration: "func session(_ session: \(session), show view: {View|c:objc(cs)NetView}, name: {Name|}, "
        + "input: {InputStream|c:objc(cs)NSInputStream}, stream: {NetStream|c:objc(cs)NetStream})",
      optional: true
    )
    try net.write(to: directory.url)
    return directory
  }

  /// The types with a path to `Sendable` in the graph, or in the standard library's list, and only those.
  @Test func readsWhichNamedTypesAreSendable() throws {
    let directory = try Self.writeNet()
    defer { directory.remove() }
    let delegate = try read("NetDelegate", module: "Net", in: directory)
    #expect(delegate.isObjC)
    #expect(delegate.sendableTypes == ["Session", "DataTask", "Session.Code", "Int64", "Error", "Failure"])
  }
}
