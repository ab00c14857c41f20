// The test that "Multiplexing Delegates You Did Not Declare" (Sources/Multiplex/Multiplex.docc) gives readers to
// copy, verbatim from `import Foundation` on, so that it keeps compiling and passing. Keep the two in step. The
// reader's generated file is in the test target; this repository's is in `ExampleMultiplexers` (shared with the
// demo), hence the one import before the copy.
#if canImport(FoundationXML)
import ExampleMultiplexers
import Foundation
import FoundationXML
import Multiplex
import Testing

final class ElementNames: XMLParserDelegate {
  var names: [String] = []
  func parser(
    _ parser: XMLParser,
    didStartElement elementName: String,
    namespaceURI: String?,
    qualifiedName qName: String?,
    attributes attributeDict: [String: String]
  ) {
    names.append(elementName)
  }
}

@Test func everyObserverSeesEveryElement() {
  let parser = XMLParser(data: Data("<a><b/><c/></a>".utf8))
  let primary = ElementNames()
  parser.delegate = primary
  let multiplexer = XMLParserDelegateMultiplexer.install(on: parser, delegate: \.delegate)
  let observer = ElementNames()
  multiplexer.add(observer)
  #expect(parser.parse())
  #expect(primary.names == ["a", "b", "c"])
  #expect(observer.names == ["a", "b", "c"])
}
#endif
