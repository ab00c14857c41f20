// Uses the multiplexers that the `MultiplexerGeneratorPlugin` build-tool plugin generates while this target builds,
// from the protocols listed in multiplexers.json: nothing generated is checked in.

import Foundation
import FoundationNetworking
import FoundationXML
import Multiplex

final class ElementCounter: XMLParserDelegate {
  let label: String
  var count = 0
  init(_ label: String) { self.label = label }
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

let parser = XMLParser(data: Data("<a><b/><c/><d/></a>".utf8))
let xmlMultiplexer = XMLParserDelegateMultiplexer()
let first = ElementCounter("first")
let second = ElementCounter("second")
xmlMultiplexer.add(first)
xmlMultiplexer.add(second)
parser.delegate = xmlMultiplexer
_ = parser.parse()
print("monitor: \(first.label) saw \(first.count) elements, \(second.label) saw \(second.count)")

final class Progress: NSObject, URLSessionDataDelegate {}

// `--type-name DataTaskEvents` in multiplexers.json names the class.
let dataEvents = DataTaskEvents()
let progress = Progress()
dataEvents.add(progress)
print("monitor: DataTaskEvents has \(dataEvents.count) observer")
