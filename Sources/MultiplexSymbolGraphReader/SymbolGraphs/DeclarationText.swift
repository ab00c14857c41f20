// Turning declaration fragments and availability entries back into Swift source text.

enum DeclarationText {
  /// The fragments concatenated: the declaration as Swift source, on one line.
  static func text(of fragments: [DeclarationFragment]) -> String {
    fragments.map(\.spelling).joined()
      .split(whereSeparator: \.isNewline).map { $0.trimmingTrailingSpaces() }.joined(separator: " ")
      .trimmingTrailingSpaces()
  }

  /// `fragments` without the `override` keyword (and the space after it) that a refinement's restatement of a
  /// parent's requirement is declared with in a symbol graph: the requirement is declared once, as a plain one.
  static func removingOverride(_ fragments: [DeclarationFragment]) -> [DeclarationFragment] {
    guard let index = fragments.firstIndex(where: { $0.kind == "keyword" && $0.spelling == "override" }) else {
      return fragments
    }
    var result = fragments
    result.remove(at: index)
    if index < result.count, result[index].kind == "text", result[index].spelling.hasPrefix(" ") {
      result[index].spelling.removeFirst()
      if result[index].spelling.isEmpty { result.remove(at: index) }
    }
    return result
  }

  /// A requirement's declaration, marked `@objc optional` when it is an optional requirement: `optional` goes
  /// right before the first keyword (after the attributes), `@objc` in front unless an attribute says it.
  static func requirementText(of fragments: [DeclarationFragment], isOptional: Bool) -> String {
    guard isOptional else { return text(of: fragments) }
    var fragments = fragments
    if !fragments.contains(where: { $0.kind == "keyword" && $0.spelling == "optional" }) {
      let keyword = fragments.firstIndex { $0.kind == "keyword" } ?? 0
      fragments.insert(DeclarationFragment(kind: "keyword", spelling: "optional "), at: keyword)
    }
    let hasObjC = fragments.contains { $0.kind == "attribute" && $0.spelling.hasPrefix("@objc") }
    return (hasObjC ? "" : "@objc ") + text(of: fragments)
  }

  /// `@available` attributes for a symbol's availability entries: the platforms that only give an introduction
  /// version share one shorthand attribute (`@available(macOS 14, iOS 17, *)`), every other entry gets its own.
  static func availabilityAttributes(_ entries: [Availability]) -> [String] {
    var shorthand: [String] = []
    var attributes: [String] = []
    for entry in entries {
      let domain = entry.domain ?? "*"
      if domain == "*" {
        var arguments = ["*"]
        if entry.isUnconditionallyUnavailable == true {
          arguments.append("unavailable")
        } else if entry.isUnconditionallyDeprecated == true {
          arguments.append("deprecated")
        } else {
          continue
        }
        arguments += messageArguments(entry)
        attributes.append("@available(\(arguments.joined(separator: ", ")))")
        continue
      }
      let platform = domain == "Swift" ? "swift" : domain
      guard platform.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
      let onlyIntroduced =
        entry.introduced != nil && entry.deprecated == nil && entry.obsoleted == nil && entry.message == nil
        && entry.renamed == nil && entry.isUnconditionallyDeprecated != true
        && entry.isUnconditionallyUnavailable != true
      if onlyIntroduced, platform != "swift", let introduced = entry.introduced {
        shorthand.append("\(platform) \(version(introduced))")
        continue
      }
      var arguments = [platform]
      if entry.isUnconditionallyUnavailable == true { arguments.append("unavailable") }
      if let introduced = entry.introduced { arguments.append("introduced: \(version(introduced))") }
      if let deprecated = entry.deprecated {
        arguments.append("deprecated: \(version(deprecated))")
      } else if entry.isUnconditionallyDeprecated == true {
        arguments.append("deprecated")
      }
      if let obsoleted = entry.obsoleted { arguments.append("obsoleted: \(version(obsoleted))") }
      arguments += messageArguments(entry)
      guard arguments.count > 1 else { continue }
      attributes.append("@available(\(arguments.joined(separator: ", ")))")
    }
    if !shorthand.isEmpty {
      attributes.insert("@available(\((shorthand + ["*"]).joined(separator: ", ")))", at: 0)
    }
    return attributes
  }

  private static func messageArguments(_ entry: Availability) -> [String] {
    var arguments: [String] = []
    if let message = entry.message { arguments.append("message: \(stringLiteral(message))") }
    if let renamed = entry.renamed { arguments.append("renamed: \(stringLiteral(renamed))") }
    return arguments
  }

  private static func version(_ version: Availability.Version) -> String {
    [version.major, version.minor ?? 0, version.patch].compactMap { $0 }.map(String.init).joined(separator: ".")
  }

  private static func stringLiteral(_ string: String) -> String {
    var escaped = ""
    for character in string {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return "\"\(escaped)\""
  }
}

extension Substring {
  fileprivate func trimmingTrailingSpaces() -> Substring {
    var result = self
    while result.last?.isWhitespace == true { result = result.dropLast() }
    return result
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    String(Substring(self).trimmingTrailingSpaces())
  }
}
