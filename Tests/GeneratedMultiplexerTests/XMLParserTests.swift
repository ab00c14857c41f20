// `FoundationXML` (and the generated `XMLParserDelegateMultiplexer` of `ExampleMultiplexers`, wrapped in the same
// condition) exists only off Apple platforms, where `XMLParserDelegate` is an `@objc` protocol of `Foundation`:
// this file is compiled only where the module exists (Linux here).
#if canImport(FoundationXML)
import ExampleMultiplexers
import Foundation
import FoundationXML
import Multiplex
import Testing

/// A real `XMLParser` parsing real documents through the generated `XMLParserDelegateMultiplexer`, installed on
/// the parser's `delegate` slot over a primary delegate set before, with a weak and a strong secondary observer.
@Suite struct XMLParserTests {
  /// A parser with a primary delegate, the installed multiplexer, and a weak and a strong observer (the strong one
  /// is referenced by nothing but the multiplexer).
  ///
  /// A class, so that the primary and the weak observer live as long as the setup is used, also in optimized
  /// builds (the fields of a local struct may be released one by one after their last use).
  final class Setup {
    let parser: XMLParser
    let multiplexer: XMLParserDelegateMultiplexer
    let primary: XMLRecorder
    let weak: XMLRecorder
    let log = CallLog()

    /// The observers, in call order.
    static let names = ["primary", "weak", "strong"]

    init(_ document: String, answers: [String?] = [nil, nil, nil], configure: (XMLParser) -> Void = { _ in }) {
      parser = XMLParser(data: Data(document.utf8))
      configure(parser)
      primary = XMLRecorder("primary", log: log, entityAnswer: answers[0])
      parser.delegate = primary
      multiplexer = XMLParserDelegateMultiplexer.install(on: parser, delegate: \.delegate)
      weak = XMLRecorder("weak", log: log, entityAnswer: answers[1])
      multiplexer.add(weak)
      multiplexer.add(XMLRecorder("strong", log: log, entityAnswer: answers[2]), retention: .strong)
    }

    /// Checks that every observer received the same calls, each call reaching the primary first, then the weak
    /// and the strong observer; returns the primary's calls.
    func sameCallsInOrder(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
      let calls = log.calls(of: "primary")
      #expect(!calls.isEmpty, sourceLocation: sourceLocation)
      for name in Self.names.dropFirst() {
        #expect(log.calls(of: name) == calls, "\(name)", sourceLocation: sourceLocation)
      }
      let expectedOrder = calls.flatMap { _ in Self.names }
      #expect(log.entries.map(\.observer) == expectedOrder, sourceLocation: sourceLocation)
      return calls
    }
  }

  @Test func installKeepsThePrimaryAndIsIdempotent() {
    let setup = Setup("<doc/>")
    #expect(setup.parser.delegate === setup.multiplexer)
    #expect(setup.multiplexer.multiplexer.primary === setup.primary)
    #expect(XMLParserDelegateMultiplexer.install(on: setup.parser, delegate: \.delegate) === setup.multiplexer)
    #expect(setup.multiplexer.count == 3)
  }

  /// Namespaces, prefixes, attributes and characters (with an entity) reach every observer, primary first.
  @Test func namespaces() {
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <feed xmlns="urn:feed" xmlns:m="urn:meta"><m:title lang="en">Fish &amp; chips</m:title><entry m:id="7">First</entry></feed>
      """
    let setup = Setup(document) { parser in
      parser.shouldProcessNamespaces = true
      parser.shouldReportNamespacePrefixes = true
    }
    #expect(setup.parser.parse())
    let calls = setup.sameCallsInOrder()
    #expect(calls.first == "startDocument")
    #expect(calls.last == "endDocument")
    // Prefixes are mapped before the element that declares them, and unmapped after it (the default
    // namespace's prefix is empty), in no particular order.
    #expect(Set(calls[1...2]) == ["map m=urn:meta", "map =urn:feed"])
    #expect(Set(calls.suffix(3).prefix(2)) == ["unmap m", "unmap "])
    let starts = calls.filter { $0.hasPrefix("start ") }
    #expect(
      starts == [
        "start feed ns=urn:feed q=feed []",
        "start title ns=urn:meta q=m:title [lang=en]",
        "start entry ns=urn:feed q=entry [m:id=7]",
      ]
    )
    let text = calls.filter { $0.hasPrefix("chars ") }.map { $0.dropFirst(6) }.joined()
    #expect(text == "Fish & chipsFirst")
  }

  /// Without namespace processing, the qualified name is the element name and no prefix is mapped.
  @Test func withoutNamespaceProcessing() {
    let setup = Setup(#"<m:doc xmlns:m="urn:meta"><m:item/></m:doc>"#)
    #expect(setup.parser.parse())
    let calls = setup.sameCallsInOrder()
    #expect(
      calls.filter { $0.hasPrefix("start ") } == [
        "start m:doc ns=nil q=nil [xmlns:m=urn:meta]", "start m:item ns=nil q=nil []",
      ]
    )
    #expect(!calls.contains { $0.hasPrefix("map ") })
  }

  @Test func cdata() {
    let setup = Setup("<doc>before<![CDATA[<b>bold</b> & raw]]>after</doc>")
    #expect(setup.parser.parse())
    let calls = setup.sameCallsInOrder()
    #expect(calls.contains("cdata <b>bold</b> & raw"))
    #expect(calls.filter { $0.hasPrefix("chars ") } == ["chars before", "chars after"])
  }

  /// A malformed document (mismatched end tag): `parse()` returns `false`, and the error reaches every observer,
  /// primary first, where it occurs. (libxml2 then recovers: the remaining end tags and the document's end
  /// follow.)
  @Test func malformedDocument() {
    let setup = Setup("<doc><a></b></doc>")
    #expect(!setup.parser.parse())
    let code = (setup.parser.parserError as? NSError)?.code
    #expect(code != nil)
    let calls = setup.sameCallsInOrder()
    #expect(calls.filter { $0.hasPrefix("error ") } == ["error \(code ?? -1)"])
    #expect(
      Array(calls.prefix(4)) == [
        "startDocument", "start doc ns=nil q=nil []", "start a ns=nil q=nil []", "error \(code ?? -1)",
      ]
    )
  }

  /// A truncated document: the errors reach every observer, in order. (This Foundation's `parse()` returns `true`
  /// here although it reports errors, so the test does not look at what it returns.)
  @Test func truncatedDocument() {
    let setup = Setup("<doc><item>text")
    _ = setup.parser.parse()
    #expect(setup.parser.parserError != nil)
    let calls = setup.sameCallsInOrder()
    #expect(!calls.filter { $0.hasPrefix("error ") }.isEmpty)
  }

  /// An observer calls `abortParsing()` from inside a callback: the observers after it in that same call still
  /// receive it (a dispatch finishes once started), then the parser stops: nothing reaches anyone after that call
  /// (this Foundation sends no `parseErrorOccurred` for an abort), `parse()` returns `false` and `parserError` is
  /// set.
  @Test func abortParsingFromAnObserver() {
    let setup = Setup("<doc><a/><stop/><b/></doc>")
    setup.weak.onStartElement = { parser, name in
      if name == "stop" { parser.abortParsing() }
    }
    #expect(!setup.parser.parse())
    #expect(setup.parser.parserError != nil)
    let calls = setup.sameCallsInOrder()
    #expect(calls.last == "start stop ns=nil q=nil []")
    #expect(setup.log.entries.last == CallLog.Entry(observer: "strong", call: "start stop ns=nil q=nil []"))
  }

  /// A weak observer deallocated during the parse (by an observer called before it, in the same call) is not
  /// called for that call or any later one, and its registration goes away.
  @Test func weakObserverDeallocatedMidParse() {
    let setup = Setup("<doc><a/><drop/><b/></doc>")
    var doomed: XMLRecorder? = XMLRecorder("doomed", log: setup.log)
    let deallocated = CallLog()
    doomed?.onDeinit = { deallocated.record("doomed", "deinit") }
    // The weak observer drops the only strong reference to `doomed`, registered after it.
    setup.weak.onStartElement = { _, name in
      if name == "drop" { doomed = nil }
    }
    setup.multiplexer.add(doomed!)
    #expect(setup.multiplexer.count == 4)
    #expect(setup.parser.parse())
    #expect(deallocated.entries.count == 1)
    let calls = setup.log.calls(of: "doomed")
    // Everything up to the call during which it was deallocated, nothing from that call on.
    #expect(calls == ["startDocument", "start doc ns=nil q=nil []", "start a ns=nil q=nil []", "end a"])
    #expect(setup.log.observers(receiving: "start b") == ["primary", "weak", "strong"])
    #expect(setup.multiplexer.count == 3)
  }

  /// `parser(_:resolveExternalEntityName:systemID:)`, the protocol's one requirement that returns a value
  /// (`Data?`): the parser asks it for an undeclared entity, and every observer is asked, primary first.
  ///
  /// This Foundation asks, but parsing without building a document it discards the answer (and reports the
  /// undeclared entity), so the answer itself is checked by asking the installed multiplexer as the parser does:
  /// the first answer that is not `nil`, the primary's when it has one, else the protocol's default (`nil`).
  @Test func resolveExternalEntityFirstNonNil() {
    let setup = Setup("<doc>[&greeting;]</doc>", answers: [nil, "Hello", "Goodbye"])
    _ = setup.parser.parse()
    #expect(setup.log.observers(receiving: "resolve greeting") == ["primary", "weak", "strong"])

    let parser = setup.parser
    func answer() -> String? {
      setup.multiplexer.parser(parser, resolveExternalEntityName: "greeting", systemID: nil)
        .map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(answer() == "Hello")
    setup.primary.entityAnswer = Data("Primary".utf8)
    #expect(answer() == "Primary")
    setup.primary.entityAnswer = nil
    setup.weak.entityAnswer = nil
    #expect(answer() == "Goodbye")
    for observer in setup.multiplexer.observers { setup.multiplexer.remove(observer) }
    #expect(setup.multiplexer.isEmpty)
    #expect(answer() == nil)
  }
}

#endif
