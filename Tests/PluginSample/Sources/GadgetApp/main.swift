// Uses the multiplexers that `swift package generate-multiplexer` wrote into Generated/.

import Foundation
import FoundationXML
import Gadgets
import Multiplex

final class Logger: GadgetDelegate {
  let label: String
  init(_ label: String) { self.label = label }
  func gadgetDidPowerOn(_ name: String) { print("\(label): \(name) on") }
  func gadget(_ gadget: Gadget, didChangeLevel level: Int) { print("\(label): level \(level)") }
  func gadgetShouldSleep(_ gadget: Gadget) -> Bool { label == "first" }
}

let gadget = Gadget(name: "lamp")
let multiplexer = GadgetDelegateMultiplexer()
let first = Logger("first")
let second = Logger("second")
multiplexer.add(first)
multiplexer.add(second)
gadget.delegate = multiplexer
print("sleeps: \(gadget.run(levels: [1, 2]))")

final class ElementCounter: XMLParserDelegate {
  var count = 0
  func parser(
    _ parser: XMLParser,
    didStartElement elementName: String,
    namespaceURI: String?,
    qualifiedName qName: String?,
    attributes attributeDict: [String: String]
  ) {
    count += 1
  }
}

let parser = XMLParser(data: Data("<a><b/><c/></a>".utf8))
let xmlMultiplexer = XMLParserDelegateMultiplexer()
let counter = ElementCounter()
xmlMultiplexer.add(counter)
parser.delegate = xmlMultiplexer
_ = parser.parse()
print("elements: \(counter.count)")
