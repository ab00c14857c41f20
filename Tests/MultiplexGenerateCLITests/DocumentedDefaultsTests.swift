// The documented-defaults table (`Sources/MultiplexSymbolGraphReader/Defaults`): well-formed entries, and what it answers for
// the toolchain's own `FileManagerDelegate`. `Scripts/apple-sweep.py` checks the entries against the Apple SDKs'
// graphs and type-checks every expression in the files it generates.

import Testing

@testable import MultiplexModel
@testable import MultiplexSymbolGraphReader

@Suite struct DocumentedDefaultsTests {
  @Test func everyLineOfTheTableIsAnEntry() {
    let lines = DocumentedDefault.table.split(separator: "\n").filter {
      let trimmed = $0.drop { $0 == " " }
      return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }
    #expect(lines.count == DocumentedDefault.all.count)
    #expect(DocumentedDefault.all.count > 100)
  }

  @Test func everyEntryIsWellFormed() {
    for entry in DocumentedDefault.all {
      #expect(!entry.module.isEmpty && !entry.protocolName.isEmpty, "\(entry)")
      #expect(ExpressionCheck.isOneExpression(entry.expression), "not one expression: \(entry)")
      // A method's name with its labels, or with its types when an overload shares it (as `--default` takes it), or
      // a property's.
      let isMethod = entry.requirement.contains("(") && entry.requirement.contains(")")
      #expect(isMethod || entry.requirement.allSatisfy { $0.isLetter || $0.isNumber }, "\(entry)")
      #expect(
        entry.source.hasPrefix("https://developer.apple.com/documentation/") || entry.source.hasPrefix("convention: "),
        "no source: \(entry)"
      )
    }
  }

  @Test func entriesAreUniqueAndSorted() {
    let keys = DocumentedDefault.all.map { [$0.module, $0.protocolName, $0.requirement] }
    #expect(Set(keys.map { $0.joined(separator: ".") }).count == keys.count)
    #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// Questions whose documented answer is not the convention's `true`: each needs its entry, or the convention
  /// would silently turn on what the framework leaves off.
  @Test func documentedAnswersOverrideTheConvention() throws {
    let falseByDefault = [
      ("UITableViewDelegate", "tableView(_:shouldShowMenuForRowAt:)"),
      ("UITableViewDelegate", "tableView(_:canPerformAction:forRowAt:withSender:)"),
      ("UICollectionViewDelegate", "collectionView(_:shouldShowMenuForItemAt:)"),
      ("UIGestureRecognizerDelegate", "gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)"),
      ("UIGestureRecognizerDelegate", "gestureRecognizer(_:shouldRequireFailureOf:)"),
      ("UIGestureRecognizerDelegate", "gestureRecognizer(_:shouldBeRequiredToFailBy:)"),
      ("FileManagerDelegate", "fileManager(_:shouldProceedAfterError:copyingItemAt:to:)"),
    ]
    for (protocolName, requirement) in falseByDefault {
      let entry = try #require(DocumentedDefault.entry(for: requirement, in: [protocolName]), "\(requirement)")
      #expect(entry.expression == "false", "\(protocolName).\(requirement)")
      #expect(DocumentedDefault.convention(for: requirement, type: .named("Bool"))?.expression == "true")
    }
  }

  @Test func aRefinementFindsItsParentsEntry() {
    let entry = DocumentedDefault.entry(
      for: "scrollViewShouldScrollToTop(_:)",
      in: ["UITableViewDelegate", "UIScrollViewDelegate"]
    )
    #expect(entry?.protocolName == "UIScrollViewDelegate")
    #expect(DocumentedDefault.entry(for: "scrollViewShouldScrollToTop(_:)", in: ["UITableViewDelegate"]) == nil)
  }

  @Test func malformedLinesAreNoEntries() {
    let parsed = DocumentedDefault.parse(
      """
      # a comment
      UIKit | P | a(_:) | true | https://developer.apple.com/documentation/uikit/p/a(_:)
      UIKit | P | b(_:) | true
      UIKit | P | c(_:) | true | convention: x | extra

      """
    )
    #expect(parsed.map(\.requirement) == ["a(_:)"])
  }

  @Test func everyCombiningEntryIsAPolicy() {
    #expect(DocumentedDefault.allCombining.count >= 10)
    for entry in DocumentedDefault.allCombining {
      #expect(CombiningPolicy(rawValue: entry.expression) != nil, "\(entry)")
      #expect(entry.source.hasPrefix("convention: ") || entry.source.hasPrefix("https://"), "\(entry)")
    }
    // Every push SDK sees a notification, and the system's handlers run once with what they all asked for.
    let present = DocumentedDefault.combining(
      for: "userNotificationCenter(_:willPresent:withCompletionHandler:)",
      in: ["UNUserNotificationCenterDelegate"]
    )
    #expect(present?.policy == .union)
    let fetch = DocumentedDefault.combining(
      for: "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
      in: ["UIApplicationDelegate"]
    )
    #expect(fetch?.policy == .order(["newData", "failed", "noData"]))
  }
}
