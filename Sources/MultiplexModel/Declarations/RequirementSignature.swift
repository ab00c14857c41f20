/// The signature of a method or subscript requirement as the generated members declare it: without attributes,
/// modifiers or body, every parameter named (``MemberDeclaration/namedParameters(_:owner:reserved:)``), and, for the
/// multiplexer's member, a `borrowing` parameter declared `__shared` (``Requirement/Shape``).
///
/// Two spellings, one per front end (``RequirementReader/Spelling``): `multiplex-generate` spells the parts it read
/// canonically (a symbol graph's declaration has no layout of its own); `@Multiplexed` keeps the protocol's text as
/// its user wrote it (line breaks, comments, spacing), from the source ranges the parser recorded, as swift-syntax
/// would print the requirement's trimmed signature with the names changed.
enum RequirementSignature {
  /// The signature of `member` (a method or a subscript) with its parameters named as `named` says.
  static func spelled(
    _ member: MemberDeclaration,
    named: [MemberDeclaration.NamedParameter],
    forwarding: Bool,
    spelling: RequirementReader.Spelling,
    source: [Unicode.Scalar]
  ) -> String {
    switch spelling {
    case .canonical: canonical(member, named: named, forwarding: forwarding)
    case .asWritten: asWritten(member, named: named, forwarding: forwarding, source: source)
    }
  }

  // MARK: Canonical

  private static func canonical(
    _ member: MemberDeclaration,
    named: [MemberDeclaration.NamedParameter],
    forwarding: Bool
  ) -> String {
    var declared: [String] = []
    for (parameter, named) in zip(member.parameters, named) {
      let internalName = parameter.secondName ?? parameter.firstName
      var names: String
      if named.isRenamed {
        names = (member.kind == .subscript ? named.argument.label ?? "_" : parameter.firstName) + " " + named.name
      } else if member.kind != .subscript, let secondName = parameter.secondName,
        Naming.bareName(secondName) != Naming.bareName(parameter.firstName)
      {
        names = parameter.firstName + " " + secondName
      } else if member.kind != .subscript {
        // `value value: Int` draws a warning ("extraneous duplicate parameter name"): one name is enough.
        names = internalName
      } else {
        names = [parameter.firstName, parameter.secondName].compactMap { $0 }.joined(separator: " ")
      }
      names = (parameter.attributes + [names]).joined(separator: " ")
      let type = forwarding ? parameter.type.replacingSpecifier("borrowing", with: "__shared") : parameter.type
      declared.append(names + ": " + type.description + (parameter.isVariadic ? "..." : ""))
    }
    let generics = GenericParameter.clause(member.genericParameters ?? [])
    let whereClause = GenericRequirement.clause(member.whereClause ?? [])
    let parameters = "(" + declared.joined(separator: ", ") + ")"
    switch member.kind {
    case .function(let name):
      return "func " + name + generics + parameters + (member.effects.map { " " + $0.description } ?? "")
        + (member.result.map { " -> " + $0.description } ?? "") + whereClause
    default:
      return "subscript" + generics + parameters + " -> " + (member.result?.description ?? "") + whereClause
    }
  }

  // MARK: As written

  private static func asWritten(
    _ member: MemberDeclaration,
    named: [MemberDeclaration.NamedParameter],
    forwarding: Bool,
    source: [Unicode.Scalar]
  ) -> String {
    func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(source[range])) }
    let generics = member.genericClauseRange.map(text) ?? ""
    let whereClause = member.whereRange.map { " " + text($0) } ?? ""
    guard let clause = member.parameterClauseRange else { return "" }
    switch member.kind {
    case .function(let name):
      let signature = clause.lowerBound..<member.signatureEnd
      let edited = editedParameters(member, named: named, forwarding: forwarding, in: signature, source: source)
      return "func " + name + generics + edited + whereClause
    default:
      let parameters = editedParameters(member, named: named, forwarding: forwarding, in: clause, source: source)
      return "subscript" + generics + parameters + " " + text(member.arrowOffset..<member.resultEnd) + whereClause
    }
  }

  /// The text of `range` (from the parameter clause's `(`) with the parameters renamed as `named` says, a duplicate
  /// name written once, `borrowing` spelled `__shared` when `forwarding`, and each comma followed by one space.
  private static func editedParameters(
    _ member: MemberDeclaration,
    named: [MemberDeclaration.NamedParameter],
    forwarding: Bool,
    in range: Range<Int>,
    source: [Unicode.Scalar]
  ) -> String {
    let isMethod = member.kind != .subscript
    var edits: [(range: Range<Int>, text: String)] = []
    func end(of offset: Int, _ token: String) -> Int { offset + token.unicodeScalars.count }
    for (index, (parameter, named)) in zip(member.parameters, named).enumerated() {
      let first = parameter.firstNameOffset
      let firstEnd = end(of: first, parameter.firstName)
      if named.isRenamed {
        let lastName = parameter.secondNameOffset.map { end(of: $0, parameter.secondName ?? "") } ?? firstEnd
        if !isMethod {
          // Without a label, the new name needs `_` in front of it to keep the subscript unlabeled.
          let label = named.argument.label == nil ? "_" : parameter.firstName
          edits.append((first..<trailingTriviaEnd(after: lastName, in: source), label + " " + named.name))
        } else if let second = parameter.secondNameOffset {
          edits.append((second..<trailingTriviaEnd(after: lastName, in: source), named.name))
        } else {
          let trivia = trailingTriviaEnd(after: firstEnd, in: source)
          edits.append((trivia..<trivia, (trivia == firstEnd ? " " : "") + named.name))
        }
      } else if isMethod, let second = parameter.secondNameOffset, let secondName = parameter.secondName,
        Naming.bareName(secondName) == Naming.bareName(parameter.firstName)
      {
        // `value value: Int` and `for `for`: Int` draw a warning ("extraneous duplicate parameter name"): the
        // internal name is kept, which may need its backticks.
        edits.append((first..<second, ""))
      }
      if forwarding, let borrowing = parameter.borrowingOffset {
        edits.append((borrowing..<end(of: borrowing, "borrowing"), "__shared"))
      }
      if let comma = parameter.commaOffset {
        let separator =
          trailingTriviaEnd(
            after: parameter.endOffset,
            in: source
          )..<trailingTriviaEnd(
            after: comma + 1,
            in: source
          )
        edits.append((separator, index < member.parameters.count - 1 ? ", " : ""))
      }
    }
    var result = String.UnicodeScalarView()
    var position = range.lowerBound
    for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      result.append(contentsOf: source[position..<edit.range.lowerBound])
      result.append(contentsOf: edit.text.unicodeScalars)
      position = edit.range.upperBound
    }
    result.append(contentsOf: source[position..<range.upperBound])
    return String(result)
  }

  /// Where the trivia swift-syntax gives the token that ends at `offset` ends: the spaces and comments after it, up
  /// to the end of its line.
  static func trailingTriviaEnd(after offset: Int, in source: [Unicode.Scalar]) -> Int {
    var index = offset
    while index < source.count {
      let scalar = source[index]
      let next = index + 1 < source.count ? source[index + 1] : " "
      if scalar == " " || scalar == "\t" {
        index += 1
      } else if scalar == "/" && next == "/" {
        while index < source.count && source[index] != "\n" && source[index] != "\r" { index += 1 }
      } else if scalar == "/" && next == "*" {
        // Block comments nest.
        var depth = 0
        repeat {
          if source[index] == "/" && index + 1 < source.count && source[index + 1] == "*" {
            depth += 1
            index += 2
          } else if source[index] == "*" && index + 1 < source.count && source[index + 1] == "/" {
            depth -= 1
            index += 2
          } else {
            index += 1
          }
        } while depth > 0 && index < source.count
      } else {
        break
      }
    }
    return index
  }
}
