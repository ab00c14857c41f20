// Availability entries read for the platform a symbol graph was made for.

/// Reads a symbol's availability entries for one platform: the one the module's graph was extracted for.
///
/// Symbol graphs list every platform's entries (`iOS` introduced 14.0, `watchOS` unavailable…). Only two kinds of
/// entry say something about the platform being generated for: its own domain's and `*`'s. A requirement that is
/// unavailable there is left out of the generated class (no sender calls it there, and a conforming type needs no
/// member for it); one unavailable on another platform is an ordinary requirement whose forwarding member copies
/// the attribute. And a member is never more available than its class: an entry that introduces a requirement
/// before the protocol is clamped to the protocol's version (`URLSessionStreamDelegate`, iOS 9, inherits
/// `URLSessionTaskDelegate`'s requirements of iOS 7).
struct PlatformAvailability {
  /// The availability domain of the platform (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`), or `nil` for one
  /// without (Linux), where only `*` entries count.
  let domain: String?

  /// The platform of a graph extracted for `operatingSystem` (the graph's `module.platform.operatingSystem.name`:
  /// `ios`, `macosx`…).
  init(operatingSystem: String?) {
    switch operatingSystem?.lowercased() {
    case "ios": domain = "iOS"
    case "macos", "macosx": domain = "macOS"
    case "tvos": domain = "tvOS"
    case "watchos": domain = "watchOS"
    case "xros", "visionos": domain = "visionOS"
    default: domain = nil
    }
  }

  /// Whether `entries` make a symbol unavailable on this platform: `*` or this platform's domain says
  /// `unavailable`.
  func isUnavailable(_ entries: [Availability]) -> Bool {
    entries.contains { entry in
      guard entry.isUnconditionallyUnavailable == true else { return false }
      let entryDomain = entry.domain ?? "*"
      return entryDomain == "*" || entryDomain == domain
    }
  }

  /// `entries` with every version that introduces the symbol before `enclosing` introduces its type raised to
  /// the type's, domain by domain (`@available(iOS 7.0, *)` in a protocol of iOS 9 becomes
  /// `@available(iOS 9.0, *)`): a member cannot be more available than its enclosing scope.
  static func clamped(_ entries: [Availability], to enclosing: [Availability]) -> [Availability] {
    var floors: [String: Availability.Version] = [:]
    for entry in enclosing {
      if let domain = entry.domain, domain != "*", let introduced = entry.introduced { floors[domain] = introduced }
    }
    guard !floors.isEmpty else { return entries }
    return entries.map { entry in
      guard let domain = entry.domain, let floor = floors[domain], let introduced = entry.introduced,
        introduced < floor
      else { return entry }
      var clamped = entry
      clamped.introduced = floor
      return clamped
    }
  }
}

extension Availability.Version: Comparable {
  package static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.major, lhs.minor ?? 0, lhs.patch ?? 0) < (rhs.major, rhs.minor ?? 0, rhs.patch ?? 0)
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.major, lhs.minor ?? 0, lhs.patch ?? 0) == (rhs.major, rhs.minor ?? 0, rhs.patch ?? 0)
  }
}
