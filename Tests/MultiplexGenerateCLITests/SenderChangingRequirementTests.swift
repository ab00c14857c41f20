// The table of requirements whose mere implementation changes what the sender does
// (`Sources/MultiplexSymbolGraphReader/Defaults/SenderChangingRequirement+Table.swift`): well-formed entries, and the
// reader giving an `@objc` protocol's requirement its entry.

import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

@Suite struct SenderChangingRequirementTests {
  @Test func everyLineOfTheTableIsAWellFormedEntry() {
    let lines = SenderChangingRequirement.table.split(separator: "\n").filter {
      let trimmed = $0.drop { $0 == " " }
      return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }
    #expect(lines.count == SenderChangingRequirement.all.count)
    for entry in SenderChangingRequirement.all {
      #expect(!entry.module.isEmpty && !entry.protocolName.isEmpty && !entry.source.isEmpty, "\(entry)")
      #expect(entry.requirement.contains("(") && entry.requirement.hasSuffix(":)"), "not a method: \(entry)")
    }
    let keys = SenderChangingRequirement.all.map { [$0.module, $0.protocolName, $0.requirement] }
    #expect(Set(keys.map { $0.joined(separator: ".") }).count == keys.count)
    #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
  }

  @Test func anEntryIsFoundByTheProtocolThatDeclaresIt() {
    let entry = SenderChangingRequirement.entry(
      for: "textFieldDidEndEditing(_:reason:)",
      in: ["MyTextFieldDelegate", "UITextFieldDelegate"]
    )
    #expect(entry?.source.contains("in place of textFieldDidEndEditing:") == true)
    #expect(SenderChangingRequirement.entry(for: "textFieldDidEndEditing(_:)", in: ["UITextFieldDelegate"]) == nil)
  }
}
