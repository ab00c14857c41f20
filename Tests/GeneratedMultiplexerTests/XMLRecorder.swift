// `FoundationXML` (and the generated `XMLParserDelegateMultiplexer` of `ExampleMultiplexers`, wrapped in the same
// condition) exists only off Apple platforms, where `XMLParserDelegate` is an `@objc` protocol of `Foundation`:
// this file is compiled only where the module exists (Linux here).
#if canImport(FoundationXML)
import Foundation
import FoundationXML

/// An `XMLParserDelegate` that records what it receives in a ``CallLog`` under its name, answers
/// `parser(_:resolveExternalEntityName:systemID:)` with ``entityAnswer``, and can act from inside a callback.
final class XMLRecorder: XMLParserDelegate {
  let name: String
  let log: CallLog
  /// The answer to `parser(_:resolveExternalEntityName:systemID:)`.
  var entityAnswer: Data?
  /// Run after recording each element start, with the element's name.
  var onStartElement: ((XMLParser, String) -> Void)?
  /// Run when the recorder is deallocated.
  var onDeinit: (() -> Void)?

  init(_ name: String, log: CallLog, entityAnswer: String? = nil) {
    self.name = name
    self.log = log
    self.entityAnswer = entityAnswer.map { Data($0.utf8) }
  }

  deinit {
    onDeinit?()
  }

  func parserDidStartDocument(_ parser: XMLParser) {
    log.record(name, "startDocument")
  }

  func parserDidEndDocument(_ parser: XMLParser) {
    log.record(name, "endDocument")
  }

  func parser(
    _ parser: XMLParser,
    didStartElement elementName: String,
    namespaceURI: String?,
    qualifiedName qName: String?,
    attributes attributeDict: [String: String]
  ) {
    let attributes = attributeDict.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    log.record(
      name,
      "start \(elementName) ns=\(namespaceURI ?? "nil") q=\(qName ?? "nil") [\(attributes.joined(separator: ","))]"
    )
    onStartElement?(parser, elementName)
  }

  func parser(
    _ parser: XMLParser,
    didEndElement elementName: String,
    namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    log.record(name, "end \(elementName)")
  }

  func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
    log.record(name, "map \(prefix)=\(namespaceURI)")
  }

  func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
    log.record(name, "unmap \(prefix)")
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    log.record(name, "chars \(string)")
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    log.record(name, "cdata \(String(decoding: CDATABlock, as: UTF8.self))")
  }

  func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
    log.record(self.name, "resolve \(name)")
    return entityAnswer
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    log.record(name, "error \((parseError as NSError).code)")
  }
}

#endif
