/// A problem that stops ``ExternalGenerator``: where in ``ExternalProtocol/source`` and what to do.
package struct GeneratorDiagnostic: Equatable, Sendable, CustomStringConvertible {
  package enum Severity: String, Sendable {
    case error
    case warning
  }

  package var severity: Severity
  /// What is wrong, naming the requirement and why.
  package var message: String
  /// What the position refers to; the module name unless the front end knows a path.
  package var file: String
  /// The 1-based line and column in ``ExternalProtocol/source``.
  package var line: Int
  package var column: Int

  package init(severity: Severity = .error, message: String, file: String, line: Int, column: Int) {
    self.severity = severity
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column: error: message`, the format compilers and Xcode list.
  package var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// Why ``ExternalGenerator`` generated nothing: its diagnostics, in source order.
package struct GenerationFailure: Error, Equatable, Sendable {
  package var diagnostics: [GeneratorDiagnostic]

  package init(diagnostics: [GeneratorDiagnostic]) {
    self.diagnostics = diagnostics
  }
}
