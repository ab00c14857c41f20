import Foundation
import MultiplexMacrosPlugin
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, by the names user code spells them with.
let multiplexMacros: [String: MacroSpec] = [
  "Multiplexed": MacroSpec(type: MultiplexedMacro.self),
  "MultiplexedDefault": MacroSpec(type: MultiplexedDefaultMacro.self),
  "MultiplexedRequired": MacroSpec(type: MultiplexedRequiredMacro.self),
  "MultiplexedDecidedOnce": MacroSpec(type: MultiplexedDecidedOnceMacro.self),
  "MultiplexedEveryObserver": MacroSpec(type: MultiplexedEveryObserverMacro.self),
  "MultiplexedCombine": MacroSpec(type: MultiplexedCombineMacro.self),
  "_MultiplexedCombining": MacroSpec(type: MultiplexedCombiningMacro.self),
]

/// Expands `source` with the Multiplex macros and checks the expansion, the diagnostics and the fixed source.
///
/// A failure is recorded as a Swift Testing issue at the caller's location; for an expansion mismatch, the message
/// includes the actual expanded source.
func assertExpansion(
  _ source: String,
  expandedSource: String,
  diagnostics: [DiagnosticSpec] = [],
  applyFixIts: [String]? = nil,
  fixedSource: String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  if ExpectationRecorder.isRecording {
    let tree = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(
      sourceFiles: [tree: .init(moduleName: "TestModule", fullFilePath: "test.swift")]
    )
    let expanded = tree.expand(
      macroSpecs: multiplexMacros,
      contextGenerator: {
        BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts())
      },
      indentationWidth: .spaces(2)
    )
    let text = expanded.description.drop(while: \.isNewline).droppingLastNewlines()
    ExpectationRecorder.record(text, kind: "expansion", filePath: filePath, line: line)
  }
  assertMacroExpansion(
    source,
    expandedSource: expandedSource,
    diagnostics: diagnostics,
    macroSpecs: multiplexMacros,
    applyFixIts: applyFixIts,
    fixedSource: fixedSource,
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(
        Comment(rawValue: failure.message),
        sourceLocation: SourceLocation(
          fileID: failure.location.fileID,
          filePath: failure.location.filePath,
          line: failure.location.line,
          column: failure.location.column
        )
      )
    },
    fileID: fileID,
    filePath: filePath,
    line: line,
    column: column
  )
}

/// The result of expanding a source with the Multiplex macros, for tests that check single declarations.
struct Expansion {
  /// The expanded source.
  let source: String
  /// The messages of the diagnostics the macros emitted.
  let diagnostics: [String]
  /// The line of each diagnostic in `diagnostics`, in the source before expansion.
  let diagnosticLines: [Int]
  private let file: SourceFileSyntax

  init(_ source: String) {
    let tree = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(
      sourceFiles: [tree: .init(moduleName: "TestModule", fullFilePath: "test.swift")]
    )
    let expanded = tree.expand(
      macroSpecs: multiplexMacros,
      contextGenerator: {
        BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts())
      },
      indentationWidth: .spaces(2)
    )
    self.source = expanded.description
    self.file = Parser.parse(source: expanded.description)
    self.diagnostics = context.diagnostics.map(\.message)
    let converter = SourceLocationConverter(fileName: "test.swift", tree: tree)
    self.diagnosticLines = context.diagnostics.map { $0.location(converter: converter).line }
  }

  /// The members called `name` of `container` (`"class DelegateMultiplexer"`, `"protocol DelegateCombining"`,
  /// `"extension Delegate"`), overloads separated by a blank line, without the container's indentation.
  func member(_ name: String, of container: String, filePath: StaticString = #filePath, line: UInt = #line) -> String {
    let finder = MemberFinder(container: container, name: name)
    finder.walk(file)
    let text = finder.found.joined(separator: "\n\n")
    if ExpectationRecorder.isRecording {
      ExpectationRecorder.record(text, kind: "member=\(name)", filePath: filePath, line: line)
    }
    return text
  }

  /// Whether the expanded source parses without errors.
  var isValidSyntax: Bool {
    !file.hasError
  }
}

private final class MemberFinder: SyntaxVisitor {
  let container: String
  let name: String
  var found: [String] = []

  init(container: String, name: String) {
    self.container = container
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    if container == "class \(node.name.text)" { collect(node.memberBlock) }
    return .visitChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    if container == "protocol \(node.name.text)" { collect(node.memberBlock) }
    return .visitChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // `extension Delegate`, or, with a `where` clause, `extension Delegate where Self: DelegateMultiplexerForwarding`.
    let whereClause = node.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
    if container == "extension \(node.extendedType.trimmedDescription)\(whereClause)" { collect(node.memberBlock) }
    return .visitChildren
  }

  private func collect(_ block: MemberBlockSyntax) {
    for member in block.members {
      let decl = member.decl
      let memberName: String?
      if let function = decl.as(FunctionDeclSyntax.self) {
        memberName = function.name.text
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        memberName = variable.bindings.first?.pattern.trimmedDescription
      } else if decl.is(InitializerDeclSyntax.self) {
        memberName = "init"
      } else if let nested = decl.as(EnumDeclSyntax.self) {
        memberName = nested.name.text
      } else if let nested = decl.as(ClassDeclSyntax.self) {
        memberName = nested.name.text
      } else {
        memberName = nil
      }
      guard memberName == name else { continue }
      // Remove the doc comment, then the member's own indentation (that of its last line, the closing brace).
      let text = decl.with(\.leadingTrivia, []).trimmedDescription
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let indentation = lines.count > 1 ? lines[lines.count - 1].prefix { $0 == " " }.count : 0
      for index in lines.indices.dropFirst() { lines[index] = String(lines[index].dropFirst(indentation)) }
      found.append(lines.joined(separator: "\n"))
    }
  }
}

/// Records the actual text of each expected expansion when `MULTIPLEX_RECORD_EXPANSIONS` names a directory, one file
/// per call site, for `Scripts/update-expansion-tests.py` to write into the tests' literals after an intended change
/// of the generated code (review the diff, as for the golden files).
enum ExpectationRecorder {
  static let directory = ProcessInfo.processInfo.environment["MULTIPLEX_RECORD_EXPANSIONS"]

  static var isRecording: Bool { directory != nil }

  static func record(_ text: String, kind: String, filePath: StaticString, line: UInt) {
    guard let directory else { return }
    let name = URL(fileURLWithPath: "\(filePath)").lastPathComponent
    let url = URL(fileURLWithPath: directory).appendingPathComponent("\(kind):\(name):\(line)")
    try? text.write(to: url, atomically: true, encoding: .utf8)
  }
}

extension Substring {
  /// Without its trailing newlines.
  fileprivate func droppingLastNewlines() -> String {
    var text = self
    while text.last?.isNewline == true { text.removeLast() }
    return String(text)
  }
}
