/// An optional `Void` requirement of an `@objc` protocol whose mere implementation changes what the sender does,
/// shipped with the generator as data (``table``): the sender calls it in place of another requirement
/// (`textFieldDidEndEditing(_:reason:)` in place of `textFieldDidEndEditing(_:)`), stops doing something itself
/// (WebKit reloads a page whose content process ended only when the delegate does not implement
/// `webViewWebContentProcessDidTerminate(_:)`), or waits for a reply.
///
/// An `@objc` multiplexer's `events()` makes the multiplexer say it implements every optional requirement with an
/// `Event` case, which must not change what a call returns or who is called: such a requirement keeps its case, but
/// `events()` leaves it out; `events(of:)` reports it when asked, and the generated case says why.
package struct SenderChangingRequirement: Sendable, Equatable {
  /// The module that declares the protocol (`UIKit`), for the reader of the table.
  package var module: String
  /// The protocol that declares the requirement (`UITextFieldDelegate`).
  package var protocolName: String
  /// The requirement as `--default` names it (`textFieldDidEndEditing(_:reason:)`).
  package var requirement: String
  /// Where it is said, with the sentence that says it.
  package var source: String

  /// Every entry of the table, in its order.
  package static let all: [SenderChangingRequirement] = parse(table)

  /// The entry for `requirement` (as `--default` names it) declared by one of `protocols`, the first that has one.
  package static func entry(for requirement: String, in protocols: [String]) -> SenderChangingRequirement? {
    for name in protocols {
      if let entry = all.first(where: { $0.protocolName == name && $0.requirement == requirement }) { return entry }
    }
    return nil
  }

  /// The entries of `text`: one a line, `Module | Protocol | requirement | source`; blank lines and lines starting
  /// with `#` are skipped.
  static func parse(_ text: String) -> [SenderChangingRequirement] {
    text.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
      let fields = trimmed.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map {
        String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      }
      guard fields.count == 4 else { return nil }
      return SenderChangingRequirement(
        module: fields[0],
        protocolName: fields[1],
        requirement: fields[2],
        source: fields[3]
      )
    }
  }
}
