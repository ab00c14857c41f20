import Testing

/// One test per supported requirement shape: the forwarding member, default implementation and combining method
/// that `@Multiplexed` generates for it, checked declaration by declaration.
@Suite struct ShapeTests {
  /// A requirement returning nothing forwards with `notify`; its default implementation is empty.
  @Test func voidRequirementNotifiesEveryObserver() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func didChange(_ value: Int)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("didChange", of: "class DelegateMultiplexer") == """
        func didChange(_ value: Int) {
          self._multiplexer.notify {
            $0.didChange(value)
          }
        }
        """
    )
    #expect(
      expansion.member("didChange", of: "extension Delegate") == """
        func didChange(_ value: Int) {
        }
        """
    )
  }

  /// An `Optional` result combines with `nil` as the default and gets a combining method.
  @Test func optionalResultCombinesWithNilDefault() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func viewForZooming(in scrollView: ScrollView) -> View?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("viewForZooming", of: "class DelegateMultiplexer") == """
        func viewForZooming(in scrollView: ScrollView) -> View? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineViewForZoomingIn: &$1, default: $2)
          } _: {
            $0.viewForZooming(in: scrollView)
          }
        }
        """
    )
    #expect(
      expansion.member("viewForZooming", of: "extension Delegate") == """
        func viewForZooming(in scrollView: ScrollView) -> View? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineViewForZoomingIn responses: inout Multiplex.Responses<any Delegate, View?>, default defaultValue: View?) -> View?
        """
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "extension DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineViewForZoomingIn responses: inout Multiplex.Responses<any Delegate, View?>, default defaultValue: View?) -> View? {
          Multiplex.Combiner.first.combine(&responses, default: defaultValue)
        }
        """
    )
  }

  /// `@MultiplexedDefault(true)` gives a `Bool` result its default, in the multiplexer and in the default implementation.
  @Test func boolResultUsesTheMarkedDefault() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedDefault(true)
        func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("scrollViewShouldScrollToTop", of: "class DelegateMultiplexer") == """
        func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
          self._multiplexer._forward(default: true, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineScrollViewShouldScrollToTop: &$1, default: $2)
          } _: {
            $0.scrollViewShouldScrollToTop(scrollView)
          }
        }
        """
    )
    #expect(
      expansion.member("scrollViewShouldScrollToTop", of: "extension Delegate") == """
        func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
          Multiplex.notImplemented(by: self, returning: true)
        }
        """
    )
  }

  /// `inout` parameters are passed on with `&`, so each observer sees the previous one's value.
  @Test func inoutParametersPassThrough() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func willEndDragging(velocity: Point, targetContentOffset: inout Point)
        func adjust(_ value: inout Int) -> Bool?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("willEndDragging", of: "class DelegateMultiplexer") == """
        func willEndDragging(velocity: Point, targetContentOffset: inout Point) {
          self._multiplexer.notify {
            $0.willEndDragging(velocity: velocity, targetContentOffset: &targetContentOffset)
          }
        }
        """
    )
    #expect(
      expansion.member("adjust", of: "class DelegateMultiplexer") == """
        func adjust(_ value: inout Int) -> Bool? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineAdjust: &$1, default: $2)
          } _: {
            $0.adjust(&value)
          }
        }
        """
    )
  }

  /// `throws` requirements forward with `try`; typed throws spell the closure's thrown type.
  @Test func throwingRequirementsTry() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func validate(_ value: Int) throws
        func transform(_ value: Int) throws -> Int?
        func check(_ value: Int) throws(ValidationError) -> Bool?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("validate", of: "class DelegateMultiplexer") == """
        func validate(_ value: Int) throws {
          try self._multiplexer.notify {
            try $0.validate(value)
          }
        }
        """
    )
    #expect(
      expansion.member("transform", of: "class DelegateMultiplexer") == """
        func transform(_ value: Int) throws -> Int? {
          try self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineTransform: &$1, default: $2)
          } _: {
            try $0.transform(value)
          }
        }
        """
    )
    #expect(
      expansion.member("check", of: "class DelegateMultiplexer") == """
        func check(_ value: Int) throws(ValidationError) -> Bool? {
          try self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineCheck: &$1, default: $2)
          } _: { (observer: any Delegate) throws(ValidationError) -> Bool? in
            try observer.check(value)
          }
        }
        """
    )
    #expect(
      expansion.member("validate", of: "extension Delegate") == """
        func validate(_ value: Int) throws {
        }
        """
    )
    #expect(
      expansion.member("check", of: "extension Delegate") == """
        func check(_ value: Int) throws(ValidationError) -> Bool? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
  }

  /// `async` requirements forward with `await`; their defaults mark with the `async` `notImplemented`.
  @Test func asyncRequirementsAwait() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func didFinish(_ loader: Loader) async
        func data(for url: URL) async throws -> Data?
        func check(_ value: Int) async throws(ValidationError)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("didFinish", of: "class DelegateMultiplexer") == """
        func didFinish(_ loader: Loader) async {
          await self._multiplexer.notify {
            await $0.didFinish(loader)
          }
        }
        """
    )
    #expect(
      expansion.member("data", of: "class DelegateMultiplexer") == """
        func data(for url: URL) async throws -> Data? {
          try await self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineDataFor: &$1, default: $2)
          } _: {
            try await $0.data(for: url)
          }
        }
        """
    )
    #expect(
      expansion.member("check", of: "class DelegateMultiplexer") == """
        func check(_ value: Int) async throws(ValidationError) {
          try await self._multiplexer.notify { (observer: any Delegate) async throws(ValidationError) -> Swift.Void in
            try await observer.check(value)
          }
        }
        """
    )
    #expect(
      expansion.member("data", of: "extension Delegate") == """
        func data(for url: URL) async throws -> Data? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
  }

  /// Generic requirements keep their generic signature; the combining method takes the parameters its result mentions.
  @Test func genericRequirementsKeepTheirSignature() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func value<T: Decodable, Key>(forKey key: Key, as type: T.Type) -> T? where Key: Hashable
        func didReceive<Element>(_ elements: [Element]) where Element: Sendable
        func accepts(_ value: some Equatable) -> Bool?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("value", of: "class DelegateMultiplexer") == """
        func value<T: Decodable, Key>(forKey key: Key, as type: T.Type) -> T? where Key: Hashable {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineValueForKeyAs: &$1, default: $2)
          } _: {
            $0.value(forKey: key, as: type)
          }
        }
        """
    )
    #expect(
      expansion.member("didReceive", of: "class DelegateMultiplexer") == """
        func didReceive<Element>(_ elements: [Element]) where Element: Sendable {
          self._multiplexer.notify {
            $0.didReceive(elements)
          }
        }
        """
    )
    #expect(
      expansion.member("value", of: "extension Delegate") == """
        func value<T: Decodable, Key>(forKey key: Key, as type: T.Type) -> T? where Key: Hashable {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer<T: Decodable>(_ multiplexer: DelegateMultiplexer, combineValueForKeyAs responses: inout Multiplex.Responses<any Delegate, T?>, default defaultValue: T?) -> T?

        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineAccepts responses: inout Multiplex.Responses<any Delegate, Bool?>, default defaultValue: Bool?) -> Bool?
        """
    )
  }

  /// A property's getter combines like a method, its setter reaches every observer; effectful getters keep their effects.
  @Test func propertiesCombineGetAndForwardSet() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        var preferredHeight: Double? { get set }
        @MultiplexedDefault(0)
        var contentInset: Double { get }
        var snapshot: Data? { get async throws }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("preferredHeight", of: "class DelegateMultiplexer") == """
        var preferredHeight: Double? {
          get {
            self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
              $0.delegateMultiplexer(self, combinePreferredHeight: &$1, default: $2)
            } _: {
              $0.preferredHeight
            }
          }
          set {
            self._multiplexer.notify {
              $0.preferredHeight = newValue
            }
          }
        }
        """
    )
    #expect(
      expansion.member("snapshot", of: "class DelegateMultiplexer") == """
        var snapshot: Data? {
          get async throws {
            try await self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
              $0.delegateMultiplexer(self, combineSnapshot: &$1, default: $2)
            } _: {
              try await $0.snapshot
            }
          }
        }
        """
    )
    #expect(
      expansion.member("preferredHeight", of: "extension Delegate") == """
        var preferredHeight: Double? {
          get {
            Multiplex.notImplemented(by: self, returning: nil)
          }
          set {
          }
        }
        """
    )
    #expect(
      expansion.member("contentInset", of: "extension Delegate") == """
        var contentInset: Double {
          get {
            Multiplex.notImplemented(by: self, returning: 0)
          }
        }
        """
    )
    #expect(
      expansion.member("snapshot", of: "extension Delegate") == """
        var snapshot: Data? {
          get async throws {
            Multiplex.notImplemented(by: self, returning: nil)
          }
        }
        """
    )
  }

  /// Labels are kept, unnamed parameters get a name, keywords stay escaped where an expression needs it (not as
  /// argument labels, where Swift warns that they "do not need to be escaped"), autoclosures are re-wrapped.
  @Test func labelsAndUnnamedParameters() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func table(_: Table, didSelectRowAt index: Int, count _: Int)
        func view(`in` container: Container, for `default`: Int) -> View?
        func log(_ message: @autoclosure () -> String, perform action: () -> Void)
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("table", of: "class DelegateMultiplexer") == """
        func table(_ argument: Table, didSelectRowAt index: Int, count argument1: Int) {
          self._multiplexer.notify {
            $0.table(argument, didSelectRowAt: index, count: argument1)
          }
        }
        """
    )
    #expect(
      expansion.member("view", of: "class DelegateMultiplexer") == """
        func view(`in` container: Container, for `default`: Int) -> View? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineViewInFor: &$1, default: $2)
          } _: {
            $0.view(in: container, for: `default`)
          }
        }
        """
    )
    #expect(
      expansion.member("log", of: "class DelegateMultiplexer") == """
        func log(_ message: @autoclosure () -> String, perform action: () -> Void) {
          self._multiplexer.notify {
            $0.log(message(), perform: action)
          }
        }
        """
    )
    #expect(
      expansion.member("table", of: "extension Delegate") == """
        func table(_ argument: Table, didSelectRowAt index: Int, count argument1: Int) {
        }
        """
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineViewInFor responses: inout Multiplex.Responses<any Delegate, View?>, default defaultValue: View?) -> View?
        """
    )
  }

  /// `@MultiplexedRequired` requirements get no default implementation; `@MultiplexedDefault` also replaces `nil`.
  @Test func requiredMarkerSkipsTheDefaultImplementation() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedRequired
        func didChange()
        @MultiplexedRequired @MultiplexedDefault(44)
        func height(forRow row: Int) -> Double
        @MultiplexedDefault(Color.red)
        func tint() -> Color?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("height", of: "class DelegateMultiplexer") == """
        func height(forRow row: Int) -> Double {
          self._multiplexer._forward(default: 44, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineHeightForRow: &$1, default: $2)
          } _: {
            $0.height(forRow: row)
          }
        }
        """
    )
    #expect(expansion.member("didChange", of: "extension Delegate").isEmpty)
    #expect(expansion.member("height", of: "extension Delegate").isEmpty)
    #expect(
      expansion.member("tint", of: "extension Delegate") == """
        func tint() -> Color? {
          Multiplex.notImplemented(by: self, returning: Color.red)
        }
        """
    )
  }

  /// `@discardableResult`, a global actor and `nonisolated` on a requirement carry over to the forwarding member.
  @Test func attributesOfRequirementsCarryOver() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @discardableResult
        func flush() -> Int?
        @MainActor
        func render()
        nonisolated func log()
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("render", of: "class DelegateMultiplexer") == """
        @MainActor func render() {
          self._multiplexer.notify {
            $0.render()
          }
        }
        """
    )
    #expect(
      expansion.member("log", of: "class DelegateMultiplexer") == """
        nonisolated func log() {
          self._multiplexer.notify {
            $0.log()
          }
        }
        """
    )
    #expect(
      expansion.member("log", of: "extension Delegate") == """
        nonisolated func log() {
        }
        """
    )
  }

  /// Overloads whose combining labels would collide get a numeric suffix.
  @Test func overloadsGetDistinctCombiningLabels() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func value(for key: Int) -> String?
        func value(for key: String) -> String?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineValueFor responses: inout Multiplex.Responses<any Delegate, String?>, default defaultValue: String?) -> String?

        func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineValueFor2 responses: inout Multiplex.Responses<any Delegate, String?>, default defaultValue: String?) -> String?
        """
    )
  }

  /// The combining methods are named after the protocol, lower camel case, acronyms included.
  @Test func combiningNamesFollowTheProtocol() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol URLSessionTaskDelegate: AnyObject {
        func urlSession(_ session: Session, shouldAccept challenge: Challenge) -> Bool?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("urlSessionTaskDelegateMultiplexer", of: "protocol URLSessionTaskDelegateCombining") == """
        func urlSessionTaskDelegateMultiplexer(_ multiplexer: URLSessionTaskDelegateMultiplexer, combineUrlSessionShouldAccept responses: inout Multiplex.Responses<any URLSessionTaskDelegate, Bool?>, default defaultValue: Bool?) -> Bool?
        """
    )
  }

  /// Generated locals never shadow a parameter or a name the default value uses.
  @Test func generatedNamesAvoidTheRequirementsNames() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        @MultiplexedDefault(combiner.fallback)
        func pick(observer: Int, combiner1: Int) throws(PickError) -> Int
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("pick", of: "class DelegateMultiplexer") == """
        func pick(observer: Int, combiner1: Int) throws(PickError) -> Int {
          try self._multiplexer._forward(default: combiner.fallback, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combinePickObserverCombiner1: &$1, default: $2)
          } _: { (observer1: any Delegate) throws(PickError) -> Int in
            try observer1.pick(observer: observer, combiner1: combiner1)
          }
        }
        """
    )
  }

  /// A `Sendable` protocol's combining protocol is `Sendable` too.
  @Test func sendableProtocolGetsSendableCombining() {
    let expansion = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject, Sendable {
        func value() -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(expansion.source.contains("protocol DelegateCombining: AnyObject, Sendable {"))
    #expect(
      expansion.source.contains(
        "final class DelegateMultiplexer: Delegate, Multiplex.DelegateMultiplexingWithDelivery, Swift.CustomDebugStringConvertible {"
      )
    )
  }

  /// The delivering `add` (``DelegateMultiplexingWithDelivery``) only where the forwarders post to delivery
  /// contexts: a `Sendable` protocol without a global actor. An isolated multiplexer calls every observer on its
  /// actor, so an observer registered with a delivery context would never be called: it gets no delivering `add`.
  @Test func onlyAMultiplexerThatPostsOffersTheDeliveringAdd() {
    let isolated = Expansion(
      """
      @Multiplexed @MainActor
      protocol Delegate: AnyObject, Sendable {
        func didChange()
      }
      """
    )
    #expect(isolated.diagnostics.isEmpty)
    #expect(isolated.source.contains("@MainActor Multiplex.DelegateMultiplexing,"))
    #expect(!isolated.source.contains("DelegateMultiplexingWithDelivery"))
    let nonSendable = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject {
        func didChange()
      }
      """
    )
    #expect(!nonSendable.source.contains("DelegateMultiplexingWithDelivery"))
    let sendable = Expansion(
      """
      @Multiplexed
      protocol Delegate: AnyObject, Sendable {
        func didChange()
      }
      """
    )
    #expect(sendable.source.contains("Multiplex.DelegateMultiplexingWithDelivery,"))
  }

  /// In a protocol nested in a type, the combining protocol names the generated types with their qualified names.
  @Test func nestedProtocolQualifiesGeneratedNames() {
    let expansion = Expansion(
      """
      enum Outer {
        @Multiplexed
        protocol Delegate: AnyObject {
          func item() -> Outer.Item?
        }
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        func delegateMultiplexer(_ multiplexer: Outer.DelegateMultiplexer, combineItem responses: inout Multiplex.Responses<any Outer.Delegate, Outer.Item?>, default defaultValue: Outer.Item?) -> Outer.Item?
        """
    )
    #expect(
      expansion.member("item", of: "extension Outer.Delegate") == """
        func item() -> Outer.Item? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
  }

  /// Generated types take the protocol's access level; members are `public` or `package` when the protocol is.
  @Test func accessLevelOfTheProtocolIsKept() {
    let expansion = Expansion(
      """
      @Multiplexed
      package protocol PackageDelegate: AnyObject {
        func didChange() -> Int?
      }
      @Multiplexed
      fileprivate protocol FilePrivateDelegate: AnyObject {
        func didChange()
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("didChange", of: "class PackageDelegateMultiplexer") == """
        package func didChange() -> Int? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.packageDelegateMultiplexer(self, combineDidChange: &$1, default: $2)
          } _: {
            $0.didChange()
          }
        }
        """
    )
    #expect(
      expansion.member("combiner", of: "class PackageDelegateMultiplexer") == """
        package var combiner: (any PackageDelegateCombining)? {
          get { self._combiner.object }
          set { self._combiner.object = newValue }
        }
        """
    )
    #expect(
      expansion.member("didChange", of: "extension PackageDelegate") == """
        package func didChange() -> Int? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
    #expect(
      expansion.member("packageDelegateMultiplexer", of: "extension PackageDelegateCombining") == """
        package func packageDelegateMultiplexer(_ multiplexer: PackageDelegateMultiplexer, combineDidChange responses: inout Multiplex.Responses<any PackageDelegate, Int?>, default defaultValue: Int?) -> Int? {
          Multiplex.Combiner.first.combine(&responses, default: defaultValue)
        }
        """
    )
    #expect(
      expansion.member("didChange", of: "class FilePrivateDelegateMultiplexer") == """
        func didChange() {
          self._multiplexer.notify {
            $0.didChange()
          }
        }
        """
    )
    #expect(
      expansion.member("didChange", of: "extension FilePrivateDelegate") == """
        func didChange() {
        }
        """
    )
  }

  /// `@available` of the protocol goes on every generated declaration; that of a requirement on its members.
  @Test func availabilityIsCopied() {
    let expansion = Expansion(
      """
      @available(macOS 15, iOS 18, *)
      @Multiplexed
      protocol Delegate: AnyObject {
        @available(macOS 16, *)
        func didChange() -> Int?
      }
      """
    )
    #expect(expansion.diagnostics.isEmpty)
    #expect(expansion.isValidSyntax)
    #expect(
      expansion.member("didChange", of: "class DelegateMultiplexer") == """
        @available(macOS 16, *) func didChange() -> Int? {
          self._multiplexer._forward(default: nil, combiner: self._combiner.object) {
            $0.delegateMultiplexer(self, combineDidChange: &$1, default: $2)
          } _: {
            $0.didChange()
          }
        }
        """
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "protocol DelegateCombining") == """
        @available(macOS 16, *) func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineDidChange responses: inout Multiplex.Responses<any Delegate, Int?>, default defaultValue: Int?) -> Int?
        """
    )
    #expect(
      expansion.member("delegateMultiplexer", of: "extension DelegateCombining") == """
        @available(macOS 16, *) func delegateMultiplexer(_ multiplexer: DelegateMultiplexer, combineDidChange responses: inout Multiplex.Responses<any Delegate, Int?>, default defaultValue: Int?) -> Int? {
          Multiplex.Combiner.first.combine(&responses, default: defaultValue)
        }
        """
    )
    #expect(
      expansion.member("didChange", of: "extension Delegate") == """
        @available(macOS 16, *) func didChange() -> Int? {
          Multiplex.notImplemented(by: self, returning: nil)
        }
        """
    )
  }
}
