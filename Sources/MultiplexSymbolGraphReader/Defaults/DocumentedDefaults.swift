import MultiplexModel

/// What a sender does when its delegate does not implement a method that returns a value: the answer a multiplexer
/// gives when no observer answers, shipped with the generator as data (`DocumentedDefaults+Table.swift`).
///
/// A multiplexer of an `@objc` protocol says it implements an optional requirement only while the primary or an
/// observer does, so the sender calls it without one only when the last implementing observer left after the sender
/// asked `responds(to:)`. The multiplexer must then answer as if the method were not implemented: what the
/// framework's documentation says it does without it ("If you do not implement this method, the table view uses
/// the value in its `rowHeight` property"). For a Swift protocol of the toolchain with no default implementation
/// (swift-corelibs-foundation's `FileManagerDelegate`), the same answer serves a call with no observer.
///
/// How an answer is chosen, in order:
/// 1. the user's `--default`;
/// 2. an entry of the table: the requirement of the protocol that declares it (a refinement finds its parents'
///    entries), with the documentation page it comes from;
/// 3. for an optional requirement of an `@objc` protocol, a stated convention where nothing is documented
///    (``convention(for:type:)``): a `Bool` question whose name asks `should…` or `can…` answers `true`, as
///    Apple's delegates do when a method that can veto is not implemented. An `Optional` result answers `nil`
///    without any of this.
/// 4. for a required requirement of a library built from source, which documents nothing: the same question
///    convention, then the empty value of its result (``libraryRequirementConvention(type:)``), answered only with
///    no observer registered.
///
/// The generated file names each answer's source in a comment on the member (`Documented: <page>` or
/// `Convention: …`). An optional requirement of an `@objc` protocol that none of these answers is answered with the
/// observers' answers the multiplexer keeps (`ExternalMember.keepsAnswer`); any other requirement that none answers
/// is refused, in one line per protocol.
package struct DocumentedDefault: Sendable, Equatable {
  /// The module that declares the protocol (`UIKit`), for the reader of the table.
  package var module: String
  /// The protocol that declares the requirement (`UITableViewDelegate`).
  package var protocolName: String
  /// The requirement as `--default` names it (`tableView(_:heightForRowAt:)`).
  package var requirement: String
  /// The answer, a Swift expression that may use the requirement's parameters (`tableView.rowHeight`).
  package var expression: String
  /// The documentation page that says so.
  package var source: String

  /// Every entry of the table, in its order.
  package static let all: [DocumentedDefault] = parse(table)

  /// The entries by `protocol.requirement`.
  private static let byKey: [String: DocumentedDefault] = Dictionary(
    all.map { ($0.protocolName + "." + $0.requirement, $0) },
    uniquingKeysWith: { first, _ in first }
  )

  /// The entry for `requirement` (as `--default` names it) declared by one of `protocols`, the first that has one.
  package static func entry(for requirement: String, in protocols: [String]) -> DocumentedDefault? {
    for name in protocols {
      if let entry = byKey[name + "." + requirement] { return entry }
    }
    return nil
  }

  /// The entries of ``combiningTable``: how the answers of a requirement every observer takes part in combine
  /// (``expression`` is the policy's name as `--combine` takes it: `anyTrue`, `union`, `order(newData, failed,
  /// noData)`).
  package static let allCombining: [DocumentedDefault] = parse(combiningTable)

  /// The combining policy the data gives `requirement` (declared by one of `protocols`), and the comment that says
  /// where it comes from; `nil` when it gives none.
  static func combining(
    for requirement: String,
    in protocols: [String]
  ) -> (policy: CombiningPolicy, note: String)? {
    for name in protocols {
      guard let entry = allCombining.first(where: { $0.protocolName == name && $0.requirement == requirement }),
        let policy = CombiningPolicy(rawValue: entry.expression)
      else { continue }
      let source =
        entry.source.hasPrefix("convention: ")
        ? "Convention: " + entry.source.dropFirst("convention: ".count) : "Documented: " + entry.source
      return (policy, "Answers combined as \(entry.expression). \(source)")
    }
    return nil
  }

  /// The comment the generated member carries for `entry`: `Documented: <page>`, or the convention it states
  /// (`Convention: …`) for a requirement nothing documents whose answer the table still fixes.
  static func note(for entry: DocumentedDefault) -> String {
    guard entry.source.hasPrefix("convention: ") else { return "Documented: " + entry.source }
    let reason = entry.source.dropFirst("convention: ".count)
    return "Convention (nothing documents it): " + reason
  }

  /// The convention for an optional `@objc` requirement that no entry documents, or `nil` when none applies:
  /// `true` for a `Bool` whose base name has the word `should` or `can` (`tableView(_:shouldHighlightRowAt:)`,
  /// `gestureRecognizerShouldBegin(_:)`, `textFieldShouldReturn(_:)`, `collectionView(_:canEditItemAt:)`).
  ///
  /// Apple's delegates ask such questions to let the delegate veto something the sender does by default, and
  /// document "`true` (the default)" for the ones they document; where that is not so (`shouldShowMenuForRowAt`,
  /// `shouldRecognizeSimultaneouslyWith`, `canPerformAction`), the table says otherwise.
  ///
  /// Any other optional requirement whose result is a value with an empty one (``emptyValue(of:)``: a number, a
  /// geometry struct, a string, a collection, another `Bool`) answers that value. The answer is used only when the
  /// sender calls after the last implementing observer left since it asked `responds(to:)`: the multiplexer has it
  /// ask again after every registration change made through it, so the call comes from a stale cache, at most once
  /// per change. A result with no empty value (a layout, an animator, a color) is answered otherwise: with the
  /// observers' answers the multiplexer keeps (`ExternalMember.keepsAnswer`, the runtime's `_KeptAnswers`).
  static func convention(for requirement: String, type: SwiftType) -> (expression: String, note: String)? {
    if let question = questionConvention(for: requirement, type: type) { return question }
    guard let empty = emptyValue(of: type) else { return nil }
    return (
      empty,
      "Convention (nothing documents it): the empty value, answered only to a sender that calls after the last "
        + "observer implementing it left since the sender asked responds(to:) (the multiplexer has it ask again)."
    )
  }

  /// `true` for a `Bool` requirement whose base name has the word `should` or `can`, with its note; `nil` otherwise.
  /// It also answers a required requirement (of a library, which documents no answer) when no observer is
  /// registered: the sender's question is answered as a sender without a delegate proceeds.
  static func questionConvention(for requirement: String, type: SwiftType) -> (expression: String, note: String)? {
    guard type.description == "Bool" || type.description == "Swift.Bool" else { return nil }
    let words = Self.words(of: requirement)
    guard words.contains("should") || words.contains("can") else { return nil }
    return ("true", "Convention (nothing documents it): a 'should…' or 'can…' question answers true.")
  }

  /// The convention for a required requirement of a library built from source (which documents no answer) whose
  /// result has an empty value (``emptyValue(of:)``), or `nil`: that value, answered only with no observer
  /// registered, the state of a sender whose delegate is gone. A Swift sender holds its delegate weakly, so it must
  /// answer itself then, most often with that value (Parchment: `sizeDelegate?.pagingViewController(…) ?? 0`).
  /// `--default` chooses another. A library is known by its graph placing the protocol in a source file outside an
  /// SDK (``ExternalProtocol/isBuiltFromSource``), which a Clang module's graph (an Objective-C library's) never does.
  static func libraryRequirementConvention(type: SwiftType) -> (expression: String, note: String)? {
    guard let empty = emptyValue(of: type) else { return nil }
    return (
      empty,
      "Convention (nothing documents it): the empty value, answered only with no observer registered, as a sender "
        + "whose delegate is gone most often answers itself (`delegate?.… ?? \(empty)`); --default chooses another."
    )
  }

  /// The empty value of `type`, as an expression, or `nil` when it has none this knows: `0` for a number, `.zero`
  /// for a geometry struct of CoreGraphics or UIKit, the identity for a transform, `false`, `""`, `[]`, `[:]`.
  static func emptyValue(of type: SwiftType) -> String? {
    switch type {
    case .array: return "[]"
    case .dictionary: return "[:]"
    case .named(let name, let arguments) where arguments.isEmpty:
      let bare = name.hasPrefix("Swift.") ? String(name.dropFirst("Swift.".count)) : name
      if numberTypes.contains(bare) { return "0" }
      if zeroTypes.contains(bare) { return ".zero" }
      if bare == "CGAffineTransform" { return ".identity" }
      if bare == "CATransform3D" { return "CATransform3DIdentity" }
      if bare == "Bool" { return "false" }
      if bare == "String" { return "\"\"" }
      return nil
    default:
      return nil
    }
  }

  private static let numberTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    "CGFloat", "TimeInterval", "NSInteger", "NSUInteger", "NSTimeInterval",
  ]
  private static let zeroTypes: Set<String> = [
    "CGSize", "CGPoint", "CGRect", "CGVector", "UIEdgeInsets", "NSDirectionalEdgeInsets", "UIOffset",
    "NSEdgeInsets",
  ]

  /// The lowercased words of a requirement's name, split at uppercase letters, `_`, `(` and `:`
  /// (`tableView(_:shouldHighlightRowAt:)` → `table`, `view`, `should`, `highlight`, `row`, `at`).
  static func words(of name: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in name {
      if character.isUppercase || !(character.isLetter || character.isNumber) {
        if !current.isEmpty { words.append(current) }
        current = character.isLetter ? String(character).lowercased() : ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// The entries of `text`: one a line, `Module | Protocol | requirement | expression | source`; blank lines and
  /// lines starting with `#` are skipped.
  static func parse(_ text: String) -> [DocumentedDefault] {
    text.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
      let fields = trimmed.split(separator: "|", omittingEmptySubsequences: false).map {
        String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      }
      guard fields.count == 5 else { return nil }
      return DocumentedDefault(
        module: fields[0],
        protocolName: fields[1],
        requirement: fields[2],
        expression: fields[3],
        source: fields[4]
      )
    }
  }
}
