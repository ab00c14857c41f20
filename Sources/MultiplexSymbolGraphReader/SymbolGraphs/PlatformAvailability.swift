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
  /// The availability domain of the platform (`iOS`, `macCatalyst`, `macOS`, `tvOS`, `watchOS`, `visionOS`), or
  /// `nil` for one without (Linux), where only `*` entries count.
  let domain: String?

  /// The platform of a graph extracted for `operatingSystem` (the graph's `module.platform.operatingSystem.name`:
  /// `ios`, `macosx`…) in `environment` (`module.platform.environment`: `macabi` for Mac Catalyst, whose graphs
  /// say `ios`).
  init(operatingSystem: String?, environment: String? = nil) {
    switch operatingSystem?.lowercased() {
    case "ios" where environment?.lowercased() == "macabi": domain = "macCatalyst"
    case "ios": domain = "iOS"
    case "macos", "macosx": domain = "macOS"
    case "tvos": domain = "tvOS"
    case "watchos": domain = "watchOS"
    case "xros", "visionos": domain = "visionOS"
    default: domain = nil
    }
  }

  /// The domain whose entries stand for this one's where it has none: Mac Catalyst's is iOS (Swift reads
  /// `@available(iOS 14, *)` as Mac Catalyst 14 and `@available(iOS, unavailable)` as unavailable there too, unless
  /// a `macCatalyst` entry says otherwise).
  var inheritedDomain: String? { domain == "macCatalyst" ? "iOS" : nil }

  /// The entry of this platform's domain in `entries`, else that of the domain it inherits from.
  private func entry(in entries: [Availability]) -> Availability? {
    entries.first { $0.domain != nil && $0.domain == domain }
      ?? inheritedDomain.flatMap { inherited in entries.first { $0.domain == inherited } }
  }

  /// Whether `entries` make a symbol unavailable on this platform: `*` or this platform's entry (its domain's, else
  /// the domain's it inherits from) says `unavailable`.
  func isUnavailable(_ entries: [Availability]) -> Bool {
    if entries.contains(where: { $0.isUnconditionallyUnavailable == true && ($0.domain ?? "*") == "*" }) { return true }
    return entry(in: entries)?.isUnconditionallyUnavailable == true
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

extension PlatformAvailability {
  /// The version of this platform that `entries` introduce a symbol in, if they say.
  func introduced(_ entries: [Availability]) -> Availability.Version? {
    entry(in: entries)?.introduced
  }

  /// The first of `types` (name and availability entries: the types a requirement's declaration names) introduced
  /// on this platform after `requirement` (the requirement's entries, else its protocol's), with that version. An SDK
  /// may declare a requirement older than a type it names (CallKit's `provider(_:perform:)` of iOS 10 taking an
  /// iOS 26 `CXSetTranslatingCallAction`): no member can witness it, since the member would have to be as available
  /// as the requirement and could not name the type.
  func newerType(
    among types: [(name: String, availability: [Availability])],
    than requirement: [Availability],
    orProtocol protocolAvailability: [Availability]
  ) -> (name: String, version: Availability.Version)? {
    // A type available at the oldest deployment target a multiplexer can have is no obstacle, whatever the
    // requirement says (Foundation's `URL`, iOS 8, in `URLSessionDownloadDelegate`'s requirements of iOS 7).
    guard let deploymentFloor else { return nil }
    let floor = [introduced(requirement) ?? introduced(protocolAvailability), deploymentFloor].compactMap { $0 }.max()
    for type in types {
      guard let version = introduced(type.availability), let floor, version > floor else { continue }
      return (type.name, version)
    }
    return nil
  }

  /// `requirement`'s entries, deprecated on this platform as the first of `types` (the types its declaration names)
  /// that this platform deprecates and the requirement itself does not. TVMLKit declares
  /// `browserViewController(_:willCenterOn:)` of tvOS 13 plain while tvOS 18 deprecates the `TVViewElement` it takes:
  /// the member that implements it would warn at tvOS 18, so it is deprecated as the type is (a deprecated
  /// declaration may name deprecated types), and the multiplexer keeps it. `nil` when no type changes anything.
  func deprecatingAsNamedTypes(
    _ requirement: [Availability],
    among types: [(name: String, availability: [Availability])]
  ) -> [Availability]? {
    guard let domain, !isDeprecated(requirement) else { return nil }
    for type in types {
      let everywhere = type.availability.first { ($0.domain ?? "*") == "*" && $0.isUnconditionallyDeprecated == true }
      let here = entry(in: type.availability)
      // `deprecated: 100000` is an SDK's "to be deprecated" (`API_TO_BE_DEPRECATED`): Swift does not warn.
      let deprecatedHere = here?.deprecated.map { $0.major < 100_000 } ?? (here?.isUnconditionallyDeprecated == true)
      guard everywhere != nil || deprecatedHere else { continue }
      let source = everywhere ?? here
      var entries = requirement
      var entry =
        entries.first { $0.domain == domain }
        ?? Availability(domain: domain, introduced: introduced(requirement))
      if everywhere == nil, let deprecated = here?.deprecated {
        entry.deprecated = deprecated
      } else {
        entry.isUnconditionallyDeprecated = true
      }
      entry.message = source?.message ?? "it names '\(type.name)', which \(domain) deprecates"
      entries.removeAll { $0.domain == domain }
      entries.append(entry)
      return entries
    }
    return nil
  }

  /// Whether `entries` deprecate a symbol on this platform (its domain's entry, the one it inherits, or `*`).
  private func isDeprecated(_ entries: [Availability]) -> Bool {
    if entries.contains(where: { ($0.domain ?? "*") == "*" && $0.isUnconditionallyDeprecated == true }) {
      return true
    }
    guard let entry = entry(in: entries) else { return false }
    return entry.deprecated != nil || entry.isUnconditionallyDeprecated == true
  }

  /// The version of this platform from which the requirements of a protocol that declares none here are available,
  /// when each of them says one and the earliest is newer than the deployment floor (WebKit's `WKDownloadDelegate`:
  /// no attribute, its requirements iOS 14.5 and later, macOS 11.3 and later, as `WKDownload` is); otherwise `nil`.
  /// An event stream is then declared available from it, so that its cases can name what those requirements name
  /// (a requirement newer still gets no case).
  func earliestIntroduction(
    ofRequirements requirements: [[Availability]],
    protocol protocolEntries: [Availability]
  ) -> Availability.Version? {
    guard introduced(protocolEntries) == nil, let deploymentFloor, !requirements.isEmpty else { return nil }
    let versions = requirements.map(introduced)
    guard !versions.contains(where: { $0 == nil }), let earliest = versions.compactMap({ $0 }).min(),
      earliest > deploymentFloor
    else { return nil }
    return earliest
  }

  /// Whether a member with `entries`, of a protocol with `protocolEntries`, can be named in the multiplexer without
  /// an `@available` attribute or a deprecation warning: introduced on this platform no later than the deployment
  /// floor or the protocol, and neither deprecated, obsoleted nor unavailable here or everywhere (`*`). An `@objc`
  /// multiplexer's `Event` has a case only for such a requirement: an enum case with associated values cannot be
  /// potentially unavailable, and the generated code names every case.
  func isAvailableAtDeploymentFloor(_ entries: [Availability], protocol protocolEntries: [Availability]) -> Bool {
    guard !isDeprecatedOrUnavailable(entries) else { return false }
    guard let version = introduced(entries) else { return true }
    guard let floor = [introduced(protocolEntries), deploymentFloor].compactMap({ $0 }).max() else { return false }
    return version <= floor
  }

  /// Whether an `@objc` multiplexer's `Event` can have a case for a member with `entries` that names `namedTypes`
  /// (`nil` when some type it names is not known), of a protocol whose stream is available with `protocolEntries`:
  /// one available at the deployment floor (``isAvailableAtDeploymentFloor(_:protocol:)``), or a newer one that is
  /// not deprecated and names only types as old as the stream. The case itself is then available wherever the enum
  /// is (its payload's types are), and only the tap's method that yields it carries the member's `@available`: on
  /// an older system the sender never calls it, and the case is never yielded (`UICalendarViewDelegate`'s
  /// `calendarView(_:didChangeVisibleDateComponentsFrom:)`, iOS 16.2, in a stream of iOS 16). An enum case with
  /// associated values cannot itself be potentially unavailable.
  func isEventCaseAvailable(
    _ entries: [Availability],
    protocol protocolEntries: [Availability],
    namedTypes: [(name: String, availability: [Availability])]?
  ) -> Bool {
    if isAvailableAtDeploymentFloor(entries, protocol: protocolEntries) { return true }
    guard !isDeprecatedOrUnavailable(entries), let namedTypes,
      let floor = [introduced(protocolEntries), deploymentFloor].compactMap({ $0 }).max()
    else { return false }
    return namedTypes.allSatisfy { type in
      guard !isDeprecatedOrUnavailable(type.availability) else { return false }
      return introduced(type.availability).map { $0 <= floor } ?? true
    }
  }

  /// Whether `entries` deprecate, obsolete or make unavailable a symbol on this platform (its domain's entry or
  /// the one it inherits, Mac Catalyst's from iOS) or everywhere (`*`). An SDK's "to be deprecated"
  /// (`deprecated: 100000`, `API_TO_BE_DEPRECATED`) is not deprecated: Swift warns about nothing.
  private func isDeprecatedOrUnavailable(_ entries: [Availability]) -> Bool {
    let applying = entries.filter { ($0.domain ?? "*") == "*" } + (entry(in: entries).map { [$0] } ?? [])
    return applying.contains { entry in
      entry.deprecated.map { $0.major < 100_000 } == true || entry.obsoleted != nil
        || entry.isUnconditionallyDeprecated == true || entry.isUnconditionallyUnavailable == true
    }
  }

  /// The oldest deployment target of the platform a multiplexer can have: the runtime's, Swift concurrency's
  /// back-deployment floor (iOS 13, Mac Catalyst 13.1, its first version, macOS 10.15, tvOS 13, watchOS 6,
  /// visionOS 1).
  var deploymentFloor: Availability.Version? {
    switch domain {
    case "iOS", "tvOS": Availability.Version(major: 13)
    case "macCatalyst": Availability.Version(major: 13, minor: 1)
    case "macOS": Availability.Version(major: 10, minor: 15)
    case "watchOS": Availability.Version(major: 6)
    case "visionOS": Availability.Version(major: 1)
    default: nil
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
