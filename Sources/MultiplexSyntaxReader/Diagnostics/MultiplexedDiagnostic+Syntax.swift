import MultiplexModel
package import SwiftDiagnostics

/// The macro's diagnostics, for swift-syntax: each message is an error, identified by its case's name
/// (`notClassBound`).
extension MultiplexedDiagnostic: DiagnosticMessage {
  package var diagnosticID: MessageID {
    // An enum case prints as its name, then its associated values in parentheses.
    MessageID(domain: "MultiplexMacros", id: String(String(describing: self).prefix { $0 != "(" }))
  }

  package var severity: DiagnosticSeverity { .error }
}
