/// The protocols of `ConsumerFileTests`, as `multiplex-generate` rebuilds them from symbol graphs (Swift 6.3.1,
/// Linux): the declaration fragments of each requirement, the parents' requirements flattened in after the
/// protocol's own.
enum ConsumerInputs {
  /// `FoundationXML.XMLParserDelegate`: twenty requirements, all with default implementations.
  static let xmlParserDelegate = """
    protocol XMLParserDelegate: AnyObject {
      func parserDidStartDocument(_ parser: XMLParser)
      func parserDidEndDocument(_ parser: XMLParser)
      func parser(_ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?)
      func parser(_ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?, notationName: String?)
      func parser(_ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String, forElement elementName: String, type: String?, defaultValue: String?)
      func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String)
      func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?)
      func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?)
      func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes attributeDict: [String : String])
      func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?)
      func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String)
      func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String)
      func parser(_ parser: XMLParser, foundCharacters string: String)
      func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String)
      func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?)
      func parser(_ parser: XMLParser, foundComment comment: String)
      func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data)
      func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data?
      func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error)
      func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error)
    }
    """

  /// `FoundationNetworking.URLSessionDataDelegate`, with `URLSessionTaskDelegate`'s and `URLSessionDelegate`'s
  /// requirements: fourteen, all with default implementations.
  static let urlSessionDataDelegate = """
    protocol URLSessionDataDelegate: NSObjectProtocol, Sendable {
      func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
      func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask)
      func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask)
      func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
      func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse, completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void)
      func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void)
      func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
      func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void)
      func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64)
      func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
      func urlSession(_ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest, completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void)
      func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics)
      func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?)
      func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    }
    """

  /// `MultiplexGeneratorFixtures.JobDelegate` (`Tests/MultiplexGeneratorFixtures`): eleven requirements, all but
  /// `job(_:summaryFor:)` with default implementations.
  static let jobDelegate = """
    protocol JobDelegate: AnyObject {
      func jobDidStart(_ job: Job)
      func job(_ job: Job, adjustPriority priority: inout Int)
      func job(_ job: Job, validate input: String) throws
      func job(_ job: Job, retryDelayAfter attempt: Int) throws -> Double
      func jobWillFinish(_ job: Job) async
      func job(_ job: Job, summaryFor step: Int) async -> String?
      func job<Value>(_ job: Job, transform value: Value) -> Value? where Value : Sendable
      func job(_ job: Job, labelFor step: Int) -> String
      func job(_ job: Job, approve step: Int, completionHandler: @escaping @Sendable (Bool) -> Void)
      var displayName: String { get }
      var tag: String? { get set }
    }
    """
}
