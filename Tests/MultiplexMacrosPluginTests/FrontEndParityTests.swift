import Foundation
import MultiplexModel
import MultiplexSymbolGraphReader
import Testing

/// `@Multiplexed` and `multiplex-generate` read a protocol into one model: a shape that cannot be forwarded gets
/// the same explanation from both, on the same line of the protocol (DESIGN.md §5: refusals get the same explanation
/// from the macro and the generator). Each front end names itself (`'@Multiplexed' …`, `requirement '…': multiplex-generate …`), and each
/// says how *it* is given a value to return when no observer answers.
@Suite struct FrontEndParityTests {
  /// Requirements no multiplexer can forward, one protocol each; the offending member is on line 2. One example
  /// (at least) of each entry of the model's list of refusals (`Refusals`), in its order.
  static let unsupported: [String] = [
    // `Refusals.member(_:)`
    "struct Nested {}",
    "var first, second: Int",
    // `Refusals.attributes(of:name:isolation:rules:)`
    "@available(*, unavailable) func gone()",
    // `Refusals.modifiers(of:name:in:isolation:rules:)`
    "weak var owner: AnyObject? { get }",
    // `Refusals.genericSignature(of:name:)`
    "subscript(index: Int) -> Self? { get }",
    // `Refusals.property(of:name:declaredName:isLet:)`
    "var next: Self? { get }",
    // `Refusals.accessors(of:name:in:rules:)`: its `mutating` accessors in `mutatingIsWordedForEachFrontEnd`
    // `Refusals.nameCollision(of:name:protocolName:)`
    "func removeAll()",
    "func remove(_ observer: Delegate)",
    "static func make() -> Int",
    "init(name: String)",
    "func copy() -> Self?",
    "func log(_ items: Int...)",
    "func each(_ body: () throws -> Void) rethrows",
    "func render() -> some Equatable",
    "func finish() -> Never",
    "optional func maybe()",
    "@objc func bridged()",
    "let limit: Int",
    "var size: Int",
    "func take(_ value: consuming Int)",
    "func send(_ value: sending Int)",
    "func send() -> sending Int?",
    "var nothing: Void { get }",
    "subscript(index: Int) -> Void { get }",
    "func pick<T>(_ value: T) -> T? where T == Int",
    "func load<Swift>(_ value: Swift)",
    "var count: Int? { get }",
  ]

  @Test(arguments: unsupported)
  func sameExplanation(requirement: String) {
    let (macro, macroLines, generator) = diagnostics(for: requirement)
    #expect(!macro.isEmpty, "the macro accepted \(requirement)")
    #expect(macroLines.allSatisfy { $0 == 2 })
    #expect(generator.map(\.line) == macroLines)
    // A fix that edits the protocol (`remove 'sending'`) is replaced, for another module's protocol, by the way
    // around it (`MultiplexedDiagnostic.messageForAnotherModule(protocolName:)`): the reasons still agree.
    let macroReasons = macro.map(Self.macroReason)
    let generatorReasons = reasons(generator, requirement: requirement)
    if generatorReasons.contains(where: { $0.contains("the protocol is not yours to change") }) {
      #expect(generatorReasons.map(Self.withoutFix) == macroReasons.map(Self.withoutFix))
      #expect(macroReasons.allSatisfy { $0.contains("remove 'sending'") })
    } else {
      #expect(generatorReasons == macroReasons)
    }
  }

  /// A message up to its fix (the first `; `).
  private static func withoutFix(_ message: String) -> Substring {
    message.prefix { $0 != ";" }
  }

  /// A macro's message without the name of its front end.
  private static func macroReason(_ message: String) -> String {
    message.replacingOccurrences(of: "'@Multiplexed' ", with: "")
  }

  /// The generator's messages without the requirement's text and the name of its front end.
  private func reasons(_ generator: [GeneratorDiagnostic], requirement: String) -> [String] {
    generator.map {
      $0.message.replacingOccurrences(of: "requirement '\(requirement)': multiplex-generate ", with: "")
        .replacing(#/requirement '[^']*': multiplex-generate /#, with: "")
    }
  }

  /// `#if`: refused by both on its line, each naming what its user can declare instead.
  @Test func conditionalCompilationIsRefusedByBoth() {
    let (macro, macroLines, generator) = diagnostics(for: "#if DEBUG\n  func debug()\n  #endif")
    #expect(macroLines == [2] && generator.map(\.line) == [2])
    #expect(macro.first?.contains("does not support '#if' inside the protocol") == true)
    #expect(generator.first?.message.contains("does not support '#if' inside the protocol") == true)
  }

  /// A default argument: Swift rejects it in a protocol the macro's user wrote; an Objective-C protocol's Swift
  /// interface may have one, which the generator leaves out of the witness (`Refusals.Rules`).
  @Test func aDefaultArgumentIsRefusedByTheMacroOnly() throws {
    let (macro, macroLines, generator) = diagnostics(for: "func pad(_ width: Int = 0)", expectsRefusal: false)
    #expect(macroLines == [2] && generator.isEmpty)
    #expect(macro.first?.contains("cannot forward the default argument of 'width' in 'pad(_:)'") == true)
  }

  /// Requirements refused in an isolated protocol (`@MainActor`): a requirement isolated to another global actor,
  /// or `nonisolated`.
  static let unsupportedInIsolatedProtocol: [String] = [
    "@OtherActor func f()",
    "nonisolated func g()",
  ]

  @Test(arguments: unsupportedInIsolatedProtocol)
  func sameExplanationInAnIsolatedProtocol(requirement: String) {
    let (macro, macroLines, generator) = diagnostics(for: requirement, attributes: "@MainActor ")
    #expect(!macro.isEmpty, "the macro accepted \(requirement)")
    #expect(macroLines.allSatisfy { $0 == 2 })
    #expect(generator.map(\.line) == macroLines)
    #expect(reasons(generator, requirement: requirement) == macro.map(Self.macroReason))
  }

  /// Protocols refused as a whole (`Refusals.protocolAttributes(of:rules:)`, `hiddenModules(typeNames:at:)`,
  /// `inheritance(of:rules:)`, `protocolClauses(of:)`): the error is on line 1.
  static let unsupportedProtocols: [String] = [
    "@objc public protocol Delegate: AnyObject {",
    "public protocol Swift: AnyObject {",
    "public protocol Delegate: AnyObject where Self: Sendable {",
  ]

  /// `mutating` (a method, a getter): Swift refuses it in the macro's class-bound protocol, and the macro says to
  /// remove it; in another module's protocol, which is not class-bound and cannot be edited, the generator names
  /// them all in one line with the way around.
  @Test func mutatingIsWordedForEachFrontEnd() {
    for requirement in ["mutating func touch()", "var count: Int? { mutating get }"] {
      let (macro, _, _) = diagnostics(for: requirement)
      #expect(macro.first?.contains("Swift does not allow 'mutating' in a class-bound protocol; remove it") == true)
    }
    let source = "public protocol Delegate {\n  mutating func touch()\n  var count: Int? { mutating get }\n}"
    let generated = ExternalGenerator.generate(
      ExternalProtocol(source: source, moduleName: "DelegateKit", members: [ExternalMember(), ExternalMember()]),
      options: GenerationOptions(typeName: "DelegateMultiplexer")
    )
    guard case .failure(let failure) = generated else {
      Issue.record("multiplex-generate accepted mutating requirements")
      return
    }
    #expect(failure.diagnostics.count == 1)
    #expect(
      failure.diagnostics.first?.message.contains(
        "cannot forward 'mutating' requirements 'touch()', 'count' of 'Delegate', which is not class-bound"
      ) == true,
      "\(failure.diagnostics.map(\.message))"
    )
  }

  /// A protocol that is not class-bound: the macro's user can add `AnyObject`, and is told to; another module's
  /// protocol cannot be changed, so the generator multiplexes it for observers that are objects.
  @Test func aProtocolThatIsNotClassBoundIsRefusedByTheMacroOnly() throws {
    let source = "public protocol Delegate: Sendable {\n  func f()\n}"
    let expansion = Expansion("@Multiplexed " + source)
    #expect(expansion.diagnostics.contains { $0.contains("must be class-bound") }, "\(expansion.diagnostics)")
    let generated = ExternalGenerator.generate(
      ExternalProtocol(source: source, moduleName: "DelegateKit", members: [ExternalMember()]),
      options: GenerationOptions(typeName: "DelegateMultiplexer")
    )
    guard case .success(let file) = generated else {
      Issue.record("multiplex-generate refused a protocol that is not class-bound: \(generated)")
      return
    }
    #expect(file.contains("Multiplex.Multiplexer<any Delegate & AnyObject>"))
  }

  @Test(arguments: unsupportedProtocols)
  func sameExplanationForAProtocol(header: String) {
    let source = header + "\n  func f()\n}"
    let expansion = Expansion("@Multiplexed " + source)
    let generated = ExternalGenerator.generate(
      ExternalProtocol(source: source, moduleName: "DelegateKit", members: [ExternalMember()]),
      options: GenerationOptions(typeName: "DelegateMultiplexer")
    )
    guard case .failure(let failure) = generated else {
      Issue.record("multiplex-generate accepted \(header)")
      return
    }
    #expect(!expansion.diagnostics.isEmpty, "the macro accepted \(header)")
    #expect(expansion.diagnosticLines.allSatisfy { $0 == 1 })
    #expect(failure.diagnostics.map(\.line) == expansion.diagnosticLines)
    #expect(
      failure.diagnostics.map(\.message)
        == expansion.diagnostics.map(Self.macroReason).map { "multiplex-generate " + $0 }
    )
  }

  /// An associated type: one error on the same line from both, each with the advice its user can follow: the
  /// macro's user owns the protocol (use a concrete type); the generator's does not (wrap it in a protocol of
  /// their own).
  @Test func anAssociatedTypeIsRefusedByBothWithTheirOwnRemedy() {
    let (macro, macroLines, generator) = diagnostics(for: "associatedtype Item")
    #expect(macroLines == [2] && generator.map(\.line) == [2])
    #expect(macro.first?.contains("use a concrete type or a generic parameter on the requirement instead") == true)
    #expect(generator.first?.message.contains("cannot be multiplexed by multiplex-generate") == true)
    #expect(generator.first?.message.contains("declare a class-bound protocol of your own") == true)
  }

  @Test func aMissingDefaultValueIsRefusedByBothWithTheirOwnRemedy() {
    let (macro, macroLines, generator) = diagnostics(for: "func height() -> Double")
    #expect(macro.count == 1 && generator.count == 1)
    #expect(macroLines == [2] && generator.map(\.line) == [2])
    #expect(macro.first?.contains("'height()' returns 'Double'") == true)
    #expect(macro.first?.contains("@MultiplexedDefault(<value>)") == true)
    #expect(generator.first?.message.contains("'height()' ('Double')") == true)
    #expect(generator.first?.message.contains("--default 'height()=<Double>'") == true)
  }

  /// A combining choice that cannot apply to a handler's answer: the answer's spelling, the macro's attribute,
  /// the generator's flag, and the choices both must name (`nil`: none applies, remove the choice).
  static let wrongJoinChoices: [(answer: String, attribute: String, flag: String, valid: String?)] = [
    ("Bool", "@MultiplexedCombine(.union)", "union", "anyTrue, allTrue"),
    ("Int?", "@MultiplexedCombine(.order(Int.zero))", "order(zero)", "firstNonNil"),
    ("Set<Int>", "@MultiplexedCombine(.order(Numbers.a))", "order(a)", "union"),
    ("String", "@MultiplexedCombine(.union)", "union", "order(…)"),
    ("[Int]", "@MultiplexedCombine(.union)", "union", "order(…)"),
    ("Swift.Double", "@MultiplexedCombine(.union)", "union", "order(…)"),
    ("Fetch", "@MultiplexedCombine(.anyTrue)", "anyTrue", "union, order(…)"),
    ("(Int, Int)", "@MultiplexedCombine(.order(Pair.a))", "order(a)", nil),
    ("any Error", "@MultiplexedCombine(.union)", "union", nil),
    ("() -> Void", "@MultiplexedCombine(.firstNonNil)", "firstNonNil", nil),
  ]

  /// A combining choice that cannot apply to a handler's answer is refused by both front ends, with the choices
  /// that apply by the answer's spelling (`Requirement.joinPolicies(answer:)`): the same message but for the
  /// spelling of the choice, on the requirement's attribute for the macro.
  @Test func aWrongJoinChoiceIsRefusedByBothNamingTheChoicesThatApply() throws {
    for wrong in Self.wrongJoinChoices {
      let requirement = "func fetch(completion: @escaping (\(wrong.answer)) -> Void)"
      let source = "public protocol Delegate: AnyObject {\n  \(wrong.attribute)\n  \(requirement)\n}"
      let expansion = Expansion("@Multiplexed " + source)
      let generated = ExternalGenerator.generate(
        ExternalProtocol(
          source: source.replacingOccurrences(of: "  \(wrong.attribute)\n", with: ""),
          moduleName: "DelegateKit",
          members: [ExternalMember()]
        ),
        options: GenerationOptions(
          typeName: "DelegateMultiplexer",
          combining: ["fetch(completion:)": try #require(CombiningPolicy(rawValue: wrong.flag))]
        )
      )
      guard case .failure(let failure) = generated else {
        Issue.record("multiplex-generate accepted \(wrong.flag) for \(wrong.answer)")
        continue
      }
      let generator = failure.diagnostics.map(\.message)
      #expect(generator.count == 1, "\(wrong)")
      #expect(expansion.diagnostics.count == 1 && expansion.diagnosticLines == [2], "\(wrong)")
      // The macro names an order's choice without its values.
      let spelling = wrong.flag.hasPrefix("order(") ? "'@MultiplexedCombine(.order)'" : "'\(wrong.attribute)'"
      #expect(
        expansion.diagnostics.map { $0.replacingOccurrences(of: spelling, with: "--combine") } == generator,
        "\(wrong)"
      )
      let ending = wrong.valid.map { "; choose one of " + $0 } ?? "; remove --combine"
      #expect(generator.first?.hasSuffix(ending) == true, "\(wrong): \(generator)")
    }
  }

  /// The macro's messages and their lines, and the generator's diagnostics, for a protocol declaring
  /// `requirement` on line 2.
  private func diagnostics(
    for requirement: String,
    attributes: String = "",
    expectsRefusal: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (macro: [String], macroLines: [Int], generator: [GeneratorDiagnostic]) {
    let source = """
      \(attributes)public protocol Delegate: AnyObject {
        \(requirement)
      }
      """
    // The attribute on the protocol's line, so that the requirement is on line 2 for both front ends.
    let expansion = Expansion("@Multiplexed " + source)
    // One description per member the generator reads (`#if` is one per line).
    let members = (try? ProtocolDeclaration(parsing: source))?.members.map { _ in ExternalMember() } ?? []
    let generated = ExternalGenerator.generate(
      ExternalProtocol(source: source, moduleName: "DelegateKit", members: members),
      options: GenerationOptions(typeName: "DelegateMultiplexer")
    )
    guard case .failure(let failure) = generated else {
      if expectsRefusal { Issue.record("multiplex-generate accepted \(requirement)", sourceLocation: sourceLocation) }
      return (expansion.diagnostics, expansion.diagnosticLines, [])
    }
    return (expansion.diagnostics, expansion.diagnosticLines, failure.diagnostics)
  }
}
