// Scene 10: a delegate you did not declare. `XMLParserDelegate` is Foundation's; `multiplex-generate` wrote its
// multiplexer into the target `ExampleMultiplexers` (public, as the consumer tests use it too):
//
//   swift run multiplex-generate XMLParserDelegate --module FoundationXML --access public \
//     --output Examples/ExampleMultiplexers/XMLParserDelegateMultiplexer.swift
//
// `FoundationXML` exists only off Apple platforms (there `XMLParserDelegate` is an `@objc` protocol of
// `Foundation`), so the generated file and this scene are compiled only where it exists.

import Foundation

#if canImport(FoundationXML)
import ExampleMultiplexers
import FoundationXML
import Multiplex

/// The app's own delegate of the parser: collects the titles of a feed's items.
final class FeedReader: XMLParserDelegate {
  private(set) var titles: [String] = []
  private var inItem = false
  private var title: String?

  func parser(
    _ parser: XMLParser,
    didStartElement elementName: String,
    namespaceURI: String?,
    qualifiedName qName: String?,
    attributes attributeDict: [String: String]
  ) {
    if elementName == "item" { inItem = true }
    if inItem && elementName == "title" { title = "" }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    title? += string
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    if elementName == "title", let title {
      titles.append(title)
      print("              reader      title \"\(title)\"")
      self.title = nil
    }
    if elementName == "item" { inItem = false }
  }
}

/// Counts the elements; implements one requirement (the protocol's extension implements the others).
final class ElementCounter: XMLParserDelegate {
  private(set) var count = 0

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

/// Logs the document's progress. Registered with `.strong` retention: nobody else holds it.
final class ProgressLogger: XMLParserDelegate {
  private var items = 0

  func parserDidStartDocument(_ parser: XMLParser) {
    print("              logger      document started")
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    guard elementName == "item" else { return }
    items += 1
    print("              logger      item \(items) done")
  }

  func parserDidEndDocument(_ parser: XMLParser) {
    print("              logger      document ended after \(items) items")
  }
}

/// Parses a small feed whose parser's delegate is the app's `FeedReader`; installing the generated multiplexer
/// makes the reader its primary (called first) and lets a counter and a logger listen.
func readFeed() {
  let feed = """
    <?xml version="1.0"?>
    <rss><channel><title>Multiplex news</title>
    <item><title>One slot, many observers</title></item>
    <item><title>Generated for XMLParser</title></item>
    </channel></rss>
    """
  let parser = XMLParser(data: Data(feed.utf8))
  let reader = FeedReader()
  parser.delegate = reader

  let multiplexer = XMLParserDelegateMultiplexer.install(on: parser, delegate: \.delegate)
  let counter = ElementCounter()
  multiplexer.add(counter)
  multiplexer.add(ProgressLogger(), retention: .strong)
  print("installed: \(multiplexer.count) registrations, the reader (the primary, called first), a counter and a logger")

  let parsed = parser.parse()
  print("parsed: \(parsed); the reader kept \(reader.titles.count) titles; the counter saw \(counter.count) elements")
}
#else
func readFeed() {
  print("(skipped: FoundationXML exists only off Apple platforms; there generate from Foundation's symbol graph)")
}
#endif
